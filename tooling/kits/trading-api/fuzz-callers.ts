/*
 * Test-only: the callers, credentials and known ids the trading API fuzz suite sends (openapi-fuzz.test.ts): a key
 * holding every scope with a webhook configured, and the wrong credentials the contract names (none, malformed,
 * unknown, other environment, revoked, lacking the scope, sent as Authorization).
 */
import fc from 'fast-check';
import { apiScopes } from '#shared/auth/tiers.js';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import type { Credentials } from '#tooling/fuzz/request-cases.js';
import { seedConformanceFixtures } from './conformance-requests.js';
import type { TradingChainKit } from './trading-chain-kit.js';
import { addCallerKey, addKey, TEST_PEPPER, type TestCaller } from './trading-api-test-kit.js';

const WEBHOOK_SECRET = 'whsec_FuzzFuzzFuzzFuzzFuzzFuzzFuzzFuzz';
const RATE_LIMIT_RPM = 1_000_000;

export interface FuzzCallers {
  caller: TestCaller;
  credentials: fc.Arbitrary<Credentials>;
  /** Ids of rows that exist, for an operation's path: the fuzzer prefers them for parameters and members of these names. */
  knownFor(path: string): Record<string, readonly unknown[]>;
  /** Literal secrets no response may contain. */
  secrets: string[];
}

/** A TEST-NET-2 address per case, so the per-IP lockout of one case never blocks another. */
const clientIp = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b]) => `198.51.${a}.${b}`);

export async function createFuzzCallers(chainKit: TradingChainKit): Promise<FuzzCallers> {
  const { kit, marketId: chainMarketId } = chainKit;
  const box = createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY);
  const caller = await chainKit.createTrader({
    scopes: [...apiScopes],
    rateLimitRpm: RATE_LIMIT_RPM,
    webhookUrl: 'http://127.0.0.1:9/hook',
    webhookSecretEnc: box.seal(WEBHOOK_SECRET),
  });
  const fixtures = await seedConformanceFixtures(kit, caller);
  const [narrow, revoked, live] = await Promise.all([
    addKey(kit, caller, { scopes: ['markets:read'], rateLimitRpm: RATE_LIMIT_RPM }),
    addCallerKey(kit, caller, { rateLimitRpm: RATE_LIMIT_RPM }),
    addKey(kit, caller, { env: 'live', rateLimitRpm: RATE_LIMIT_RPM }),
  ]);
  await kit.database.db('api_keys').where({ id: revoked.record.id }).update({ revoked_at: new Date() });
  const wrong: Array<[string, Record<string, string>]> = [
    ['no key', {}],
    ['malformed key', { 'X-API-Key': 'svc_test_short' }],
    ['unknown key', { 'X-API-Key': `svc_test_${'A'.repeat(32)}` }],
    ['live key on test', { 'X-API-Key': live }],
    ['revoked key', { 'X-API-Key': revoked.key }],
    ['key without the scope', { 'X-API-Key': narrow }],
    ['key as Authorization', { Authorization: `Bearer ${caller.key}` }],
    ['empty key', { 'X-API-Key': '' }],
  ];
  const withIp = (label: string, headers: Record<string, string>) =>
    clientIp.map((ip): Credentials => ({ label, headers: { ...headers, 'X-Forwarded-For': ip } }));
  return {
    caller,
    credentials: fc.oneof(
      { arbitrary: withIp('valid key', { 'X-API-Key': caller.key }), weight: 8 },
      { arbitrary: fc.oneof(...wrong.map(([label, headers]) => withIp(label, headers))), weight: 2 },
    ),
    knownFor: (path) => ({
      id: path.startsWith('/markets')
        ? [fixtures.marketId, chainMarketId]
        : path.startsWith('/trades')
          ? [fixtures.tradeId]
          : [fixtures.eventId],
      marketId: [fixtures.marketId, chainMarketId],
      correlationId: [fixtures.correlationId],
      code: ['VALIDATION_FAILED', 'RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR'],
      outcomeIndex: [0, 1],
      amount: ['1', '1000000', '2.5'],
      'X-Service-Api-Version': ['2026-04-29'],
      // Replays of one key with another body are the contract's 409 IDEMPOTENCY_KEY_CONFLICT.
      'Idempotency-Key': ['fuzz-replay-1', 'fuzz-replay-2', '0b5f4b8e-7c9e-4d43-9a1f-3f8f2a1b6c7d'],
      'If-None-Match': ['W/"fuzz"'],
    }),
    secrets: [
      TEST_PEPPER,
      WEBHOOK_SECRET,
      DEVELOPMENT_WEBHOOK_SECRET_KEY,
      anvilPrivateKey(0),
      anvilPrivateKey(1),
      anvilPrivateKey(0).slice(2),
    ],
  };
}
