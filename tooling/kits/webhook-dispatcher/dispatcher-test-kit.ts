/* The dispatcher's delivery pieces on a suite database and Redis prefix, with an injected clock and a real receiver. */
import { afterAll, beforeAll } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { recordWebhookEvent } from '#shared/db/webhook-events/webhook-events.repository.js';
import { prefixedId } from '#shared/ids/ids.js';
import { createLogger } from '#shared/logger/logger.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { startWebhookReceiver, type WebhookReceiver } from '#tooling/testing/webhook-receiver.js';
import type { DispatcherDeps } from '../../../apps/webhook-dispatcher/src/delivery/dispatcher-deps.js';
import type { ResolveAll } from '../../../apps/webhook-dispatcher/src/delivery/post-webhook.js';
import {
  createDispatcherDeps,
  type DispatcherSettings,
} from '../../../apps/webhook-dispatcher/src/dispatcher-workers.js';

export const TEST_WEBHOOK_SECRET_KEY = 'test-webhook-secret-key-0123456789abcdef';
const PEPPER = 'test-pepper-0123456789abcdef0123456789abcdef';

export const testDispatcherSettings: DispatcherSettings = {
  SERVICE_ENV: 'test',
  WEBHOOK_SECRET_KEY: TEST_WEBHOOK_SECRET_KEY,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
  WEBHOOK_CONCURRENCY: 16,
  WEBHOOK_TIMEOUT_MS: 2_000,
  WEBHOOK_LEASE_MS: 5_000,
  WEBHOOK_SWEEP_POLL_MS: 50,
  WEBHOOK_SWEEP_BATCH_SIZE: 100,
};

export interface DispatcherKit {
  database: TestDatabase;
  testRedis: TestRedis;
  /** A local HTTP receiver the keys' webhook URLs can point at. */
  receiver: WebhookReceiver;
  clock: { now(): Date; set(at: number): void; advance(ms: number): void };
  deps(overrides?: Partial<DispatcherSettings>, resolve?: ResolveAll): DispatcherDeps;
  /** A fresh user and key whose webhook URL is `url`; returns the key id and its plaintext secret. */
  createKey(url: string | null): Promise<{ apiKeyId: string; secret: string }>;
  /** Records an event for the key as the trade lifecycle does; returns its id. */
  recordEvent(apiKeyId: string, data?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startDispatcherKit(): Promise<DispatcherKit> {
  const [database, testRedis, receiver] = await Promise.all([
    createTestDatabase(),
    createTestRedis(),
    startWebhookReceiver(),
  ]);
  let nowMs = Date.now();
  const clock = {
    now: () => new Date(nowMs),
    set: (at: number) => void (nowMs = at),
    advance: (ms: number) => void (nowMs += ms),
  };
  const logger = createLogger({ name: 'dispatcher-test', level: 'silent' });
  const box = createSecretBox(TEST_WEBHOOK_SECRET_KEY);
  const made: DispatcherDeps[] = [];
  return {
    database,
    testRedis,
    receiver,
    clock,
    deps(overrides = {}, resolve) {
      const deps = createDispatcherDeps(
        { db: database.db, redis: testRedis.redis, logger, version: '0.0.0-test', ...(resolve ? { resolve } : {}) },
        { ...testDispatcherSettings, ...overrides },
      );
      made.push(deps);
      return { ...deps, now: clock.now, random: () => 0.5 };
    },
    async createKey(url) {
      const user = await createUser(database.db, { email: `wh-${Date.now()}-${randomInt(1e9)}@test.example` });
      const secret = generateWebhookSecret();
      const issued = await issueApiKey(database.db, PEPPER, {
        userId: user.id,
        tier: 'enterprise',
        env: 'test',
        webhookUrl: url,
        webhookSecretEnc: url ? box.seal(secret) : null,
      });
      return { apiKeyId: issued.record.id, secret };
    },
    async recordEvent(apiKeyId, data = {}) {
      const at = clock.now();
      const id = prefixedId('evt', at.getTime());
      await database.db.transaction((trx) =>
        recordWebhookEvent(trx, apiKeyId, {
          id,
          type: 'trade.completed',
          apiVersion: '2026-04-29',
          tradeId: null,
          payload: { id, type: 'trade.completed', apiVersion: '2026-04-29', createdAt: at.toISOString(), data },
          createdAt: at,
        }),
      );
      return id;
    },
    async close() {
      for (const deps of made) deps.poster.close();
      await Promise.all([database.destroy(), testRedis.destroy(), receiver.close()]);
    },
  };
}

/** Registers the file's hooks: a kit started in beforeAll and closed in afterAll, usable inside tests. */
export function useDispatcherKit(): DispatcherKit {
  // cast: every field is assigned in beforeAll, before any test reads one
  const kit = {} as DispatcherKit;
  let started: DispatcherKit | undefined;
  beforeAll(async () => {
    started = await startDispatcherKit();
    Object.assign(kit, started);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return kit;
}
