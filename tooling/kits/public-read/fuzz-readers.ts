/*
 * Test-only: the world the public read API fuzz suite runs in (openapi-fuzz.test.ts): the demo catalogue, an
 * on-chain market for quotes, an app with roomy limits that verifies keys, the credentials it sends (anonymous
 * mostly; a valid key, and keys that must be ignored) and the ids it prefers.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import {
  anvilPrivateKey,
  createFixtureMarket,
  startChainFixture,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { demoIds } from '#tooling/local-stack/seed/demo-catalog.js';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import type { Credentials } from '#tooling/fuzz/request-cases.js';
import { createApiKeyVerifier } from '../../../apps/public-read/src/http/api-key.js';
import { createPublicReadSuite, type PublicReadSuite, type RunningPublicRead } from './public-read-test-kit.js';

const PEPPER = 'public-read-fuzz-pepper-0123456789abcdef';
const ROOMY = 1_000_000;

export interface FuzzWorld {
  suite: PublicReadSuite;
  fixture: ChainFixture;
  app: RunningPublicRead;
  credentials: fc.Arbitrary<Credentials>;
  /** Ids of rows that exist, for an operation's path (`id` is a thread's under /api/threads…). */
  knownFor(path: string): Record<string, readonly unknown[]>;
  secrets: string[];
  close(): Promise<void>;
}

const clientIp = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b]) => `203.0.${a}.${b}`);

export async function startFuzzWorld(): Promise<FuzzWorld> {
  const [suite, fixture] = await Promise.all([createPublicReadSuite(), startChainFixture()]);
  await seedDemoData(suite.db);
  const deployed = await createFixtureMarket(fixture);
  await insertMarket(suite.db, {
    id: deployed.marketId,
    question: 'Fuzzed on chain?',
    category: 'misc',
    outcomes: ['YES', 'NO'],
    contractAddress: deployed.market,
    chainId: fixture.reader.chain.id,
  });
  const user = await createUser(suite.db, { email: `fuzz-${randomUUID()}@example.test` });
  const issue = (env: 'test' | 'live') =>
    issueApiKey(suite.db, PEPPER, { userId: user.id, tier: 'developer', env, rateLimitRpm: ROOMY });
  const [valid, live, unsent] = await Promise.all([issue('test'), issue('live'), issue('test')]);
  const app = await suite.start({
    settings: { rateLimit: { windowMs: 60_000, threadsList: ROOMY, default: ROOMY } },
    chainReader: () => Promise.resolve(fixture.reader),
    apiKeyVerifier: createApiKeyVerifier({ db: suite.db, pepper: PEPPER, env: 'test' }),
    trustProxy: 'loopback',
  });
  const keyed = (label: string, key: string | undefined) =>
    clientIp.map((ip): Credentials => ({
      label,
      headers: { 'X-Forwarded-For': ip, ...(key === undefined ? {} : { 'X-API-Key': key }) },
    }));
  const { threads, organizations, partners, chapters } = demoIds;
  const markets = ['000000d4-0000-4000-8000-000000000001', '000000d4-0000-4000-8000-000000000003', deployed.marketId];
  return {
    suite,
    fixture,
    app,
    credentials: fc.oneof(
      { arbitrary: keyed('anonymous', undefined), weight: 6 },
      { arbitrary: keyed('valid key', valid.key), weight: 2 },
      {
        arbitrary: fc.oneof(
          keyed('live key on test', live.key),
          keyed('unknown key', `svc_test_${'B'.repeat(32)}`),
          keyed('malformed key', 'svc_test_short'),
          keyed('empty key', ''),
        ),
        weight: 2,
      },
    ),
    knownFor: (path) => ({
      id: path.startsWith('/api/threads')
        ? Object.values(threads)
        : path.startsWith('/api/organizations')
          ? Object.values(organizations)
          : path.startsWith('/api/partners')
            ? Object.values(partners)
            : markets,
      threadId: Object.values(threads),
      thread_id: Object.values(threads),
      organizationId: Object.values(organizations),
      partnerId: Object.values(partners),
      chapterId: Object.values(chapters),
      outcomeIndex: [0, 1],
      amount: ['1000000', '10', '12.5'],
    }),
    secrets: [PEPPER, unsent.key, anvilPrivateKey(0), anvilPrivateKey(1), anvilPrivateKey(0).slice(2)],
    async close() {
      await suite.destroy();
      await fixture.stop();
    },
  };
}
