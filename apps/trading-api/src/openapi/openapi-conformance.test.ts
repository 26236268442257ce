import { beforeAll, describe, expect, it } from '@jest/globals';
import { apiScopes } from '#shared/auth/tiers.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  call,
  callAs,
  type CallResult,
  createCaller,
  randomTestIp,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';
import {
  type ConformanceRequest,
  seedConformanceFixtures,
  validRequests,
} from '#tooling/kits/trading-api/conformance-requests.js';
import { listOperations, tradingApiDocument } from './operations.js';
import { STREAMING_OPERATION_IDS } from '../streams/trading-streams.js';

const authenticated = listOperations(tradingApiDocument()).filter((operation) => operation.scope !== null);
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

const kit = useTradingApiKit();
const validator = createResponseValidator();
let caller: TestCaller;
let requests: Record<string, ConformanceRequest>;
beforeAll(async () => {
  caller = await createCaller(kit, { scopes: [...apiScopes] });
  requests = validRequests(await seedConformanceFixtures(kit, caller));
});

/** Status, media type, body and headers all as the operation's description of that status says. */
function expectConforming(operationId: string, response: CallResult): void {
  const errors = validator.responseErrors(operationId, response);
  expect({ operationId, status: response.status, errors }).toEqual({
    operationId,
    status: response.status,
    errors: [],
  });
}

function expectProblem(operationId: string, response: CallResult, status: number, code: string): void {
  expect({ operationId, status: response.status, code: response.json.code }).toEqual({ operationId, status, code });
  expectConforming(operationId, response);
}

const rateLimitHeaders = (response: CallResult) => RATE_LIMIT_HEADERS.filter((name) => response.headers.has(name));

describe('responses conform to the description: status, body and headers', () => {
  it('answers a valid request to every authenticated operation as described', async () => {
    expect(Object.keys(requests).sort()).toEqual(authenticated.map((operation) => operation.operationId).sort());
    const statuses: Record<string, number> = {};
    // A stream's 200 never ends: streams/event-stream.test.ts checks it; its problems are checked below.
    for (const { operationId } of authenticated.filter((op) => !STREAMING_OPERATION_IDS.includes(op.operationId))) {
      const { method, path, body } = requests[operationId]!;
      const response = await callAs(kit, caller, method, path, { body });
      expectConforming(operationId, response);
      statuses[operationId] = response.status;
    }
    // Reads of existing resources succeed; every operation is served.
    expect(Object.values(statuses)).not.toContain(501);
    expect(statuses).toMatchObject({
      listMarkets: 200,
      getMarket: 200,
      getTrade: 200,
      getTrace: 200,
      // No chain in this kit: the funds check cannot run (201/202 conform in handlers/create-trade.test.ts).
      createTrade: 503,
    });
  });

  it('401, 403 and 400 problems of every authenticated operation match their schemas and headers', async () => {
    const narrow = await createCaller(kit, { scopes: ['markets:read'] });
    const fenced = await createCaller(kit, { scopes: [...apiScopes], ipAllowlist: ['203.0.113.0/24'] });
    for (const { operationId, method, scope } of authenticated) {
      const { path, body } = requests[operationId]!;
      // Answered before any user is known: no X-RateLimit-*.
      const missing = await call(kit, method, path, { body, ip: randomTestIp() });
      expectProblem(operationId, missing, 401, 'API_KEY_MISSING');
      expect({ operationId, headers: rateLimitHeaders(missing) }).toEqual({ operationId, headers: [] });
      // Both 403s know the user: they report the window (uncounted).
      const outside = await call(kit, method, path, { body, key: fenced.key, ip: '192.0.2.10' });
      expectProblem(operationId, outside, 403, 'IP_NOT_ALLOWED');
      expect({ operationId, headers: rateLimitHeaders(outside) }).toEqual({ operationId, headers: RATE_LIMIT_HEADERS });
      if (scope !== 'markets:read') {
        const unscoped = await callAs(kit, narrow, method, path, { body });
        expectProblem(operationId, unscoped, 403, 'INSUFFICIENT_SCOPE');
        expect({ operationId, headers: rateLimitHeaders(unscoped) }).toEqual({
          operationId,
          headers: RATE_LIMIT_HEADERS,
        });
      }
      const unsupported = await callAs(kit, caller, method, path, {
        body,
        headers: { 'X-Service-Api-Version': '1999-01-01' },
      });
      expectProblem(operationId, unsupported, 400, 'API_VERSION_UNSUPPORTED');
      if (method !== 'GET') {
        const unsigned = await callAs(kit, caller, method, path, {
          body,
          ip: randomTestIp(),
          headers: { 'X-Service-Signature': `t=1,v1=${'0'.repeat(64)}` },
        });
        expectProblem(operationId, unsigned, 401, 'REQUEST_SIGNATURE_INVALID');
        // The signature is checked after the rate limiter: this 401, unlike the key ones, carries X-RateLimit-*.
        expect({ operationId, headers: rateLimitHeaders(unsigned) }).toEqual({
          operationId,
          headers: RATE_LIMIT_HEADERS,
        });
      }
    }
  });

  it('429 RATE_LIMIT_EXCEEDED carries Retry-After and the exhausted X-RateLimit-* headers', async () => {
    const limited = await createCaller(kit, { rateLimitRpm: 1 });
    expectConforming('listMarkets', await callAs(kit, limited, 'GET', '/v1/markets'));
    const refused = await callAs(kit, limited, 'GET', '/v1/markets');
    expectProblem('listMarkets', refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('429 AUTH_LOCKED_OUT carries Retry-After and no X-RateLimit-*', async () => {
    const ip = randomTestIp();
    for (let failure = 0; failure < 20; failure += 1) {
      expect((await call(kit, 'GET', '/v1/markets', { key: 'svc_test_short', ip })).status).toBe(401);
    }
    const locked = await callAs(kit, caller, 'GET', '/v1/markets', { ip });
    expectProblem('listMarkets', locked, 429, 'AUTH_LOCKED_OUT');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(rateLimitHeaders(locked)).toEqual([]);
  });

  it('413 PAYLOAD_TOO_LARGE is described, before the key is looked at', async () => {
    const tooLarge = await callAs(kit, caller, 'POST', '/v1/trades', {
      rawBody: JSON.stringify({ padding: 'x'.repeat(64 * 1024) }),
    });
    expectProblem('createTrade', tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    expect(rateLimitHeaders(tooLarge)).toEqual([]);
  });

  it('503 ROUTE_DISABLED carries Retry-After 60 and the route, and no X-RateLimit-*', async () => {
    kit.switches.set(['GET /v1/markets/:id']);
    try {
      const disabled = await callAs(kit, caller, 'GET', requests.getMarket!.path);
      expectProblem('getMarket', disabled, 503, 'ROUTE_DISABLED');
      expect(disabled.headers.get('retry-after')).toBe('60');
      expect(disabled.json.extensions).toEqual({ route: 'GET /v1/markets/:id' });
      expect(rateLimitHeaders(disabled)).toEqual([]);
    } finally {
      kit.switches.set([]);
    }
  });

  it('304 has an empty body and the same ETag as the 200 it revalidates', async () => {
    const { path } = requests.getMarket!;
    const first = await callAs(kit, caller, 'GET', path);
    expectConforming('getMarket', first);
    const etag = first.headers.get('etag')!;
    const revalidated = await callAs(kit, caller, 'GET', path, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
    expectConforming('getMarket', revalidated);
  });

  it('the infrastructure routes answer as described', async () => {
    const cases: Array<[string, string]> = [
      ['getHealth', '/v1/health'],
      ['getReady', '/v1/ready'],
      ['getOpenApiDocument', '/v1/openapi.json'],
      ['getApiReference', '/v1/docs'],
      ['getErrorDocumentation', '/v1/docs/errors/RATE_LIMIT_EXCEEDED'],
      ['getErrorDocumentation', '/v1/docs/errors/NOT_A_CODE'],
    ];
    for (const [operationId, path] of cases) expectConforming(operationId, await call(kit, 'GET', path));
  });
});
