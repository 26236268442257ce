import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createFixtureMarket, startChainFixture, type ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { demoIds } from '#tooling/local-stack/seed/demo-catalog.js';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import { address, insertPricePoint, insertTrade } from '#tooling/kits/public-read/activity-fixtures.js';
import { createOpenApiResponseValidator, type ResponseValidator } from '#tooling/testing/openapi-response-validator.js';
import {
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';
import { AppError } from '#shared/errors/app-error.js';
import { UNKNOWN_API_PATH } from '../http/unknown-path.js';
import { probesOf, requiredQuery, type Parameter } from '#tooling/kits/public-read/parameter-probes.js';
import { publicReadDocument } from './public-read-document.js';

const { threads: t, organizations: o, partners: p } = demoIds;
const market1 = '000000d4-0000-4000-8000-000000000001';
const market3 = '000000d4-0000-4000-8000-000000000003';

let suite: PublicReadSuite;
let fixture: ChainFixture;
let app: RunningPublicRead;
let onChainId: string;
let validator: ResponseValidator;
const document = publicReadDocument('1.2.3');
/** The operationId of GET `path` (a path template of the document). */
const operationAt = (path: string): string =>
  (document.paths as Record<string, { get: { operationId: string } }>)[path]?.get.operationId ??
  `(undocumented ${path})`;

/** [documented path, request path and query, expected status] — every operation, its success and its errors. */
const cases = (): Array<[string, string, number]> => [
  ['/api/threads', '/api/threads?sortBy=total_volume&tags=football', 200],
  ['/api/threads', '/api/threads?limit=0', 400],
  ['/api/threads/{id}', `/api/threads/${t.championship}`, 200],
  ['/api/threads/{id}', `/api/threads/${t.techLaunches}`, 200],
  ['/api/threads/{id}', '/api/threads/nope', 404],
  ['/api/threads/{id}/markets', `/api/threads/${t.championship}/markets`, 200],
  ['/api/threads/{id}/markets', '/api/threads/nope/markets', 404],
  ['/api/threads/{id}/chapters', `/api/threads/${t.championship}/chapters`, 200],
  ['/api/threads/{id}/chapters', '/api/threads/nope/chapters', 404],
  ['/api/threads/{id}/social-links', `/api/threads/${t.championship}/social-links?amount=12.5`, 200],
  ['/api/threads/{id}/social-links', `/api/threads/${t.championship}/social-links?amount=0`, 400],
  ['/api/markets', '/api/markets?status=all&sortBy=end_time', 200],
  ['/api/markets', '/api/markets?status=open', 400],
  ['/api/markets/trending', '/api/markets/trending?timeframe=30d', 200],
  ['/api/markets/trending', '/api/markets/trending?limit=51', 400],
  ['/api/markets/featured', '/api/markets/featured', 200],
  ['/api/markets/{id}', `/api/markets/${market1}?history=true&trades=true`, 200],
  ['/api/markets/{id}', `/api/markets/${market3}`, 200],
  ['/api/markets/{id}', '/api/markets/nope', 404],
  ['/api/markets/{id}', `/api/markets/${market1}?trades_limit=500`, 400],
  ['/api/markets/{id}/quote', `/api/markets/${onChainId}/quote?outcomeIndex=0&action=buy&amount=1000000`, 200],
  ['/api/markets/{id}/quote', `/api/markets/${onChainId}/quote?outcomeIndex=1&action=sell&amount=1000`, 200],
  ['/api/markets/{id}/quote', `/api/markets/${onChainId}/quote?outcomeIndex=0&action=buy&amount=0`, 400],
  ['/api/markets/{id}/quote', '/api/markets/nope/quote?outcomeIndex=0&action=buy&amount=1', 404],
  ['/api/markets/{id}/social-link', `/api/markets/${market1}/social-link?side=yes&amount=10`, 200],
  ['/api/markets/{id}/social-link', `/api/markets/${market1}/social-link?amount=10`, 400],
  ['/api/markets/{id}/social-link', `/api/markets/${market3}/social-link?side=no&amount=10`, 404],
  ['/api/organizations/{id}', `/api/organizations/${o.acme}`, 200],
  ['/api/organizations/{id}', '/api/organizations/nope', 404],
  ['/api/organizations/{id}/markets', `/api/organizations/${o.acme}/markets?status=all`, 200],
  ['/api/organizations/{id}/markets', '/api/organizations/nope/markets', 404],
  ['/api/organizations/{id}/threads', `/api/organizations/${o.acme}/threads`, 200],
  ['/api/organizations/{id}/threads', '/api/organizations/nope/threads', 404],
  ['/api/partners/{id}', `/api/partners/${p.ballotWatch}`, 200],
  ['/api/partners/{id}', '/api/partners/nope', 404],
  ['/api/partners/{id}/threads', `/api/partners/${p.goalLine}/threads`, 200],
  ['/api/partners/{id}/threads', `/api/partners/${p.goalLine}/threads?sortOrder=sideways`, 400],
  ['/api/openapi.json', '/api/openapi.json', 200],
  ['/api/openapi.json', '/api/openapi.json?unknown=1', 400],
];

beforeAll(async () => {
  [suite, fixture] = await Promise.all([createPublicReadSuite(), startChainFixture()]);
  await seedDemoData(suite.db);
  const deployed = await createFixtureMarket(fixture);
  onChainId = deployed.marketId;
  await insertMarket(suite.db, {
    id: onChainId,
    question: 'On chain?',
    category: 'misc',
    outcomes: ['YES', 'NO'],
    contractAddress: deployed.market,
    chainId: fixture.reader.chain.id,
  });
  const now = Date.now();
  for (let index = 0; index < 3; index += 1) {
    const at = new Date(now - (index + 1) * 3_600_000);
    await insertTrade(suite.db, { marketId: market1, trader: address(index), usdc: 1_000_000n, blockTime: at });
    await insertPricePoint(suite.db, {
      marketId: market1,
      recordedAt: at,
      prices: ['600000000000000000', '400000000000000000'],
      probabilities: ['600000000000000000', '400000000000000000'],
      cumulativeVolume: BigInt(index + 1) * 1_000_000n,
    });
  }
  app = await suite.start({ chainReader: () => Promise.resolve(fixture.reader) });
  validator = createOpenApiResponseValidator(document, { documentId: 'https://foretell.invalid/api/openapi.json' });
}, 60_000);

afterAll(async () => {
  await suite.destroy();
  await fixture.stop();
});

describe('the public OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, served at /api/openapi.json', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const served = await getJson<Record<string, unknown>>(`${app.url}/api/openapi.json`);
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ openapi: '3.1.0', paths: expect.any(Object) });
    expect(Object.keys(served.body.paths as object).sort()).toEqual(Object.keys(document.paths as object).sort());
  });

  it('documents exactly the routes the app serves, each exercised below with its 200', () => {
    const documented = Object.keys(document.paths as object).sort();
    const served = [...app.routeIds]
      // The embed routes (a script and a page, not JSON) are left out of the document: decision 0024.
      .filter((routeId) => routeId.startsWith('GET /api/') && routeId !== `GET ${UNKNOWN_API_PATH}`)
      .map((routeId) => routeId.slice('GET '.length).replace(/:(\w+)/g, '{$1}'))
      .sort();
    expect(served).toEqual(documented);
    const exercised = [
      ...new Set(
        cases()
          .filter(([, , status]) => status === 200)
          .map(([path]) => path),
      ),
    ].sort();
    // The market stream's 200 never ends: streams/market-stream.test.ts exercises it.
    expect(exercised).toEqual(documented.filter((path) => path !== '/api/markets/{id}/stream'));
  });

  it('describes every real response of every operation (bodies and rate-limit headers)', async () => {
    const failures: string[] = [];
    for (const [path, url, expectedStatus] of cases()) {
      const { status, body, headers } = await getJson(`${app.url}${url}`);
      if (status !== expectedStatus) failures.push(`${url}: status ${status}, expected ${expectedStatus}`);
      for (const error of validator.errors(body, operationAt(path), status))
        failures.push(`${url} (${status}): ${error}`);
      for (const error of validator.headerErrors(headers, operationAt(path), status))
        failures.push(`${url} (${status}): ${error}`);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        if (headers.get(header) === null) failures.push(`${url}: no ${header}`);
      }
      if (headers.get('access-control-allow-origin') !== '*') failures.push(`${url}: no CORS header`);
    }
    expect(failures).toEqual([]);
  });

  it('describes the 429 and both 503s (kill switch, chain down) with their bodies and headers', async () => {
    const limited = await suite.start({ settings: { rateLimit: { windowMs: 60_000, threadsList: 1, default: 1 } } });
    const down = await suite.start({
      routeDisabled: ['GET /api/markets/featured'],
      chainReader: () =>
        Promise.reject(new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain is unavailable.' })),
    });
    await getJson(`${limited.url}/api/threads`); // spends the window (earlier tests may have too)
    const responses: Array<[string, string, number]> = [
      ['/api/threads', `${limited.url}/api/threads`, 429],
      ['/api/markets/featured', `${down.url}/api/markets/featured`, 503],
      ['/api/markets/{id}/quote', `${down.url}/api/markets/${onChainId}/quote?outcomeIndex=0&action=buy&amount=1`, 503],
    ];
    const failures: string[] = [];
    for (const [path, url, expectedStatus] of responses) {
      const { status, body, headers } = await getJson(url);
      if (status !== expectedStatus) failures.push(`${url}: status ${status}, expected ${expectedStatus}`);
      failures.push(
        ...validator.errors(body, operationAt(path), status).map((error) => `${url} (${status}): ${error}`),
      );
      failures.push(
        ...validator.headerErrors(headers, operationAt(path), status).map((error) => `${url} (${status}): ${error}`),
      );
    }
    expect(failures).toEqual([]);
  });

  it('enforces exactly the documented query bounds: every admitted value passes, every forbidden one is a 400 naming it', async () => {
    const roomy = await suite.start({
      settings: { rateLimit: { windowMs: 60_000, threadsList: 1_000_000, default: 1_000_000 } },
      chainReader: () => Promise.resolve(fixture.reader),
    });
    const paths = document.paths as unknown as Record<string, { get: { parameters: Parameter[] } }>;
    const failures: string[] = [];
    let probed = 0;
    for (const [path, { get }] of Object.entries(paths)) {
      // An unknown id: the query is validated before anything is looked up, so an admitted query is a 404, not a 400.
      const target = `${roomy.url}${path.replace('{id}', 'no-such-id')}`;
      for (const probe of probesOf(get.parameters)) {
        const query = new URLSearchParams({ ...requiredQuery(get.parameters), ...probe.query });
        const { status, body } = await getJson(`${target}?${query.toString()}`);
        probed += 1;
        const name = Object.keys(probe.query)[0]!;
        const rejected = status === 400;
        if (probe.admitted && rejected) failures.push(`${path} ${probe.label}: documented as valid, got 400`);
        if (!probe.admitted && !rejected) failures.push(`${path} ${probe.label}: documented as invalid, got ${status}`);
        if (!probe.admitted && rejected && !JSON.stringify(body).includes(name)) {
          failures.push(`${path} ${probe.label}: the 400 does not name ${name}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(200);
  });

  it('catches drift: an undocumented member fails validation', () => {
    const errors = validator.errors(
      { partner: { id: 'x', surprise: true }, _meta: { requestedAt: new Date().toISOString() } },
      'getPartner',
      200,
    );
    expect(errors.length).toBeGreaterThan(0);
  });
});
