/* The shared security cases every authenticated /v1 route must pass (STYLE.md "Tests"). */
import { expect, it } from '@jest/globals';
import type { ApiScope } from '#shared/auth/tiers.js';
import { apiScopes } from '#shared/auth/tiers.js';
import {
  call,
  callAs,
  createCaller,
  type CallOptions,
  type TestCaller,
  type TradingApiKit,
} from './trading-api-test-kit.js';

export interface RouteUnderTest {
  method: string;
  /** A concrete path, e.g. `/v1/markets/<uuid>`. */
  path: string;
  scope: ApiScope;
  body?: unknown;
  /** The status a permitted caller gets (the handler's answer). */
  allowedStatus: number;
  /** Routes of a caller's own resources: creates one owned by `owner` and returns its path. */
  ownedResource?: (kit: TradingApiKit, owner: TestCaller) => Promise<string>;
  /** What the owner gets from `ownedResource`'s path; default 200. */
  ownerStatus?: number;
}

/** 401s have no known user (docs/decisions/0011): no quota, no X-RateLimit-*. */
function expectNoRateLimitHeaders(response: { headers: Headers }) {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(response.headers.get(name)).toBeNull();
  }
}

/** A 403's user is known: it reports the window (the suite's keys have 1 200 rpm) without spending from it. */
function expectUncountedWindow(response: { headers: Headers }) {
  expect(response.headers.get('x-ratelimit-limit')).toBe('1200');
  expect(response.headers.get('x-ratelimit-remaining')).toBe('1200');
  expect(response.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}

function expectProblem(
  response: { status: number; json: Record<string, unknown>; headers: Headers },
  status: number,
  code: string,
) {
  expect({ status: response.status, code: response.json.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.headers.get('x-service-error-code')).toBe(code);
  expect(response.headers.get('x-service-api-version')).toBe('2026-04-29');
}

/** Declares the common security tests of one route (call inside a describe with a started kit). */
export function describeRouteSecurity(getKit: () => TradingApiKit, route: RouteUnderTest): void {
  const send = (options: CallOptions) => call(getKit(), route.method, route.path, { body: route.body, ...options });
  const otherScopes = apiScopes.filter((scope) => scope !== route.scope);

  it('returns 401 API_KEY_MISSING without a key', async () => {
    expectProblem(await send({ ip: '198.51.100.1' }), 401, 'API_KEY_MISSING');
  });

  it('returns 401 API_KEY_MALFORMED for a key of the wrong shape', async () => {
    expectProblem(await send({ key: 'svc_test_short', ip: '198.51.100.2' }), 401, 'API_KEY_MALFORMED');
  });

  it('returns 401 API_KEY_INVALID for an unknown key', async () => {
    expectProblem(await send({ key: `svc_test_${'A'.repeat(32)}`, ip: '198.51.100.3' }), 401, 'API_KEY_INVALID');
  });

  it('returns 401 API_KEY_REVOKED for a revoked key, without X-RateLimit-*', async () => {
    const caller = await createCaller(getKit(), { scopes: [route.scope] });
    await getKit().database.db('api_keys').where({ id: caller.record.id }).update({ revoked_at: new Date() });
    const response = await send({ key: caller.key, ip: caller.ip });
    expectProblem(response, 401, 'API_KEY_REVOKED');
    expectNoRateLimitHeaders(response);
  });

  it('returns 401 API_KEY_EXPIRED for a key past expires_at', async () => {
    const caller = await createCaller(getKit(), { scopes: [route.scope] });
    await getKit()
      .database.db('api_keys')
      .where({ id: caller.record.id })
      .update({ expires_at: new Date(Date.now() - 60_000) });
    expectProblem(await send({ key: caller.key, ip: caller.ip }), 401, 'API_KEY_EXPIRED');
  });

  it('returns 401 API_KEY_INVALID naming the environment for a live key on the test deployment', async () => {
    const caller = await createCaller(getKit(), { env: 'live', scopes: [route.scope] });
    const response = await send({ key: caller.key, ip: caller.ip });
    expectProblem(response, 401, 'API_KEY_INVALID');
    expect(response.json.detail).toContain('test environment');
  });

  it(`returns 403 INSUFFICIENT_SCOPE for a key without ${route.scope}, reporting the user's window uncounted`, async () => {
    const caller = await createCaller(getKit(), { scopes: otherScopes });
    const response = await send({ key: caller.key, ip: caller.ip });
    expectProblem(response, 403, 'INSUFFICIENT_SCOPE');
    expect(response.json.extensions).toEqual({ requiredScope: route.scope });
    expectUncountedWindow(response);
  });

  it("returns 403 IP_NOT_ALLOWED from outside the allowlist (the user's window, uncounted) and admits an address inside it", async () => {
    const caller = await createCaller(getKit(), {
      scopes: [route.scope],
      ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'],
    });
    const foreign = await send({ key: caller.key, ip: '192.0.2.10' });
    expectProblem(foreign, 403, 'IP_NOT_ALLOWED');
    expectUncountedWindow(foreign);
    expect((await send({ key: caller.key, ip: '203.0.113.77' })).status).toBe(route.allowedStatus);
    expect((await send({ key: caller.key, ip: '2001:db8::5' })).status).toBe(route.allowedStatus);
  });

  it(`answers ${route.allowedStatus} to a key holding exactly ${route.scope}`, async () => {
    const caller = await createCaller(getKit(), { scopes: [route.scope] });
    const response = await callAs(getKit(), caller, route.method, route.path, { body: route.body });
    expect(response.status).toBe(route.allowedStatus);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1200');
  });

  const { ownedResource } = route;
  if (ownedResource) {
    const ownerStatus = route.ownerStatus ?? 200;
    it(`returns 404 RESOURCE_NOT_FOUND (never 403) for another user's resource, ${ownerStatus} to its owner`, async () => {
      const [owner, stranger] = await Promise.all([
        createCaller(getKit(), { scopes: [route.scope] }),
        createCaller(getKit(), { scopes: [route.scope] }),
      ]);
      const path = await ownedResource(getKit(), owner);
      expectProblem(
        await callAs(getKit(), stranger, route.method, path, { body: route.body }),
        404,
        'RESOURCE_NOT_FOUND',
      );
      expect((await callAs(getKit(), owner, route.method, path, { body: route.body })).status).toBe(ownerStatus);
    });
  }
}
