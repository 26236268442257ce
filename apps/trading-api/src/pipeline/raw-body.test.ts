import { beforeAll, describe, expect, it } from '@jest/globals';
import { callAs, createCaller, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
let caller: TestCaller;
beforeAll(async () => {
  caller = await createCaller(kit);
});

describe('the body step', () => {
  it.each(['fuzz', 'gzip'])(
    'answers a body in a Content-Encoding it cannot decode (%s) with 400 VALIDATION_FAILED after the rate limiter, with X-RateLimit-* (fuzz finding)',
    async (encoding) => {
      const response = await callAs(kit, caller, 'POST', '/v1/redemptions', {
        rawBody: '{"marketId":"7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b","outcomeIndex":0}',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      });
      expectProblemCode(response, 400, 'VALIDATION_FAILED');
      expect(response.headers.get('x-ratelimit-limit')).toBe('1200');
    },
  );

  it('still refuses an oversized body with 413 before the key is looked at', async () => {
    const response = await callAs(kit, caller, 'POST', '/v1/redemptions', {
      rawBody: JSON.stringify({ padding: 'x'.repeat(64 * 1024) }),
    });
    expectProblemCode(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answers an undecodable body of an unknown key with 401, not 400: the key comes first', async () => {
    const response = await callAs(kit, { ...caller, key: `svc_test_${'C'.repeat(32)}` }, 'POST', '/v1/redemptions', {
      rawBody: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'fuzz' },
    });
    expect(response.json.code).toBe('API_KEY_INVALID');
  });
});
