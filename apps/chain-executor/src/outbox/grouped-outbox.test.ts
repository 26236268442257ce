import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { isRecord } from '#shared/runtime/plain-values.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createGroupedOutbox } from './grouped-outbox.js';
import {
  createOutboxTransaction,
  type EnqueueOutboxMessage,
  type OutboxTransaction,
} from '#shared/messaging/outbox.js';
import { flushPublishedMarks } from '#shared/messaging/published-marks.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { EXCHANGES } from '#shared/messaging/topology.js';

let database: TestDatabase;
let db: Knex;
let messaging: TestMessaging;
let manager: AmqpConnectionManager;
let grouped: OutboxTransaction;

beforeAll(async () => {
  [database, messaging] = await Promise.all([createTestDatabase(), createTestMessaging()]);
  db = database.db;
  manager = messaging.createManager();
  await manager.connect();
  grouped = createGroupedOutbox(createOutboxTransaction(db, manager), { maxGroup: 3 });
});

beforeEach(async () => {
  await db('outbox').del();
});

afterAll(async () => {
  await messaging.destroy();
  await database.destroy();
});

/** Enqueues one trade job and answers the connection and transaction it ran in. */
async function enqueueJob(trx: Knex.Transaction, enqueue: EnqueueOutboxMessage, tradeId: string) {
  await enqueue({ exchange: EXCHANGES.trades, routingKey: 'buy', payload: { tradeId } });
  const [rows] = (await trx.raw('SELECT CONNECTION_ID() AS connection, @@in_transaction AS inTransaction')) as [
    Array<{ connection: number; inTransaction: number }>,
  ];
  return { tradeId, connection: rows[0]!.connection };
}

/** The trade ids of the published outbox rows, sorted. */
const publishedTradeIds = async (): Promise<string[]> => {
  await flushPublishedMarks(db);
  return (await db('outbox').whereNotNull('published_at').select('payload'))
    .map((row: { payload: unknown }) => {
      const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return isRecord(payload) ? String(payload.tradeId) : '';
    })
    .sort();
};

describe('grouped outbox transactions', () => {
  it('runs the works of one turn in one transaction, resolves each with its own result and publishes all', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const results = await Promise.all(ids.map((id) => grouped((trx, enqueue) => enqueueJob(trx, enqueue, id))));

    expect(results.map((result) => result.tradeId)).toEqual(ids);
    expect(new Set(results.map((result) => result.connection)).size).toBe(1);
    expect(await publishedTradeIds()).toEqual([...ids].sort());
  });

  it('splits more works than maxGroup into several transactions', async () => {
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const results = await Promise.all(ids.map((id) => grouped((trx, enqueue) => enqueueJob(trx, enqueue, id))));

    expect(new Set(results.slice(0, 3).map((result) => result.connection)).size).toBe(1);
    expect(await publishedTradeIds()).toEqual([...ids].sort());
  });

  it('gives a failing work its own error and commits the others alone, without its rows', async () => {
    const [good, bad, alsoGood] = [randomUUID(), randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled([
      grouped((trx, enqueue) => enqueueJob(trx, enqueue, good)),
      grouped(async (trx, enqueue) => {
        await enqueueJob(trx, enqueue, bad);
        throw new Error('this work fails');
      }),
      grouped((trx, enqueue) => enqueueJob(trx, enqueue, alsoGood)),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: new Error('this work fails') });
    expect(await publishedTradeIds()).toEqual([good, alsoGood].sort());
    expect(await db('outbox').pluck('id')).toHaveLength(2);
  });
});
