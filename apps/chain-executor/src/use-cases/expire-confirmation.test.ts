/* Confirmation expiry on an injected clock against a real MariaDB. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { createLogCapture } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { startExpireConfirmationsLoop } from '../loops/expire-confirmations.loop.js';
import {
  createKeyHolder,
  eventTypesOf,
  insertTestTrade,
  traceOf,
  tradeOf,
  USDC,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { expireConfirmations, type ExpireConfirmationDeps } from './expire-confirmation.use-case.js';

let database: TestDatabase;
let trader: { userId: string; apiKeyId: string };
let marketId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  trader = await createKeyHolder(database.db);
  ({ id: marketId } = await insertMarket(database.db, {
    question: 'Expires?',
    category: 'testing',
    outcomes: ['YES', 'NO'],
  }));
});

afterAll(async () => {
  await database?.destroy();
});

const deps = (now: Date): ExpireConfirmationDeps => ({
  db: database.db,
  outbox: createOutboxTransaction(database.db, undefined),
  now: () => now,
  logger: createLogCapture().logger,
});

/** A high-value trade awaiting confirmation until `expiresAt`. */
const awaitingConfirmation = (expiresAt: Date, status: 'pending_confirmation' | 'pending' = 'pending_confirmation') =>
  insertTestTrade(database.db, {
    trader,
    marketId,
    usdc: 30_000n * USDC,
    status,
    confirmationTokenHash: 'a'.repeat(64),
    confirmationExpiresAt: expiresAt,
  });

describe('expireConfirmations', () => {
  it('leaves a trade awaiting confirmation until its window ends, then fails it CONFIRMATION_EXPIRED with trade.failed', async () => {
    const expiresAt = new Date('2031-01-01T00:00:00.000Z');
    const trade = await awaitingConfirmation(expiresAt);

    await expireConfirmations(deps(new Date(expiresAt.getTime() - 1)), 100);
    expect((await tradeOf(database.db, trade.id)).status).toBe('pending_confirmation');

    expect(await expireConfirmations(deps(expiresAt), 100)).toBeGreaterThanOrEqual(1);
    const failed = await tradeOf(database.db, trade.id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'CONFIRMATION_EXPIRED' });
    expect(failed.finishedAt).not.toBeNull();
    expect(await traceOf(database.db, trade)).toEqual([
      'trade.confirmation_expired',
      'trade.failed',
      'webhook.event_recorded',
    ]);
    expect(await eventTypesOf(database.db, trade)).toEqual(['trade.failed']);
    await expireConfirmations(deps(new Date(expiresAt.getTime() + 60_000)), 100);
    expect(await eventTypesOf(database.db, trade)).toEqual(['trade.failed']);
  });

  it('leaves a trade confirmed in time alone after its window ends', async () => {
    const expiresAt = new Date('2031-02-01T00:00:00.000Z');
    const confirmed = await awaitingConfirmation(expiresAt, 'pending');

    await expireConfirmations(deps(new Date(expiresAt.getTime() + 1)), 100);

    expect((await tradeOf(database.db, confirmed.id)).status).toBe('pending');
    expect(await eventTypesOf(database.db, confirmed)).toEqual([]);
  });

  it('runs as a leader loop on the injected clock', async () => {
    const expiresAt = new Date('2031-03-01T00:00:00.000Z');
    const trade = await awaitingConfirmation(expiresAt);
    const stop = startExpireConfirmationsLoop(deps(new Date(expiresAt.getTime() + 1_000)), {
      pollMs: 20,
      batchSize: 2,
    });
    try {
      await waitFor(
        'the loop to expire the trade',
        async () => (await tradeOf(database.db, trade.id)).status === 'failed',
      );
    } finally {
      await stop();
    }
    expect((await tradeOf(database.db, trade.id)).errorCode).toBe('CONFIRMATION_EXPIRED');
  });
});
