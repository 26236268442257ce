import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { AppError } from '../errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import type { AmqpConnectionManager } from './connection-manager.js';
import { startConsumer } from './consumer.js';
import { tradeJobSchema } from './message-schemas.js';
import { enqueueOutboxMessage, publishOutboxMessages, runInTransactionWithOutbox } from './outbox.js';
import {
  republishStaleOutbox,
  startOutboxRepublisher,
} from '../../../apps/chain-executor/src/outbox/outbox-republisher.js';
import { flushPublishedMarks } from './published-marks.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { EXCHANGES, QUEUES } from './topology.js';

interface OutboxRecord {
  id: string;
  message_id: string;
  published_at: Date | null;
  publish_attempts: number;
  last_error: string | null;
}

describe('transactional outbox', () => {
  let database: TestDatabase;
  let db: Knex;
  let messaging: TestMessaging;
  let manager: AmqpConnectionManager;

  beforeAll(async () => {
    [database, messaging] = await Promise.all([createTestDatabase(), createTestMessaging()]);
    db = database.db;
    manager = messaging.createManager();
    await manager.connect();
  });

  beforeEach(async () => {
    await db('outbox').del();
    await messaging.purgeAll();
  });

  afterAll(async () => {
    await messaging.destroy();
    await database.destroy();
  });

  const tradeMessage = () => ({
    exchange: EXCHANGES.trades,
    routingKey: 'trade.created',
    payload: { tradeId: randomUUID() },
  });
  const outboxRows = (): Promise<OutboxRecord[]> => db('outbox').select().orderBy('id');
  const enqueueCommitted = (count: number) =>
    db.transaction(async (trx) => {
      const rows = [];
      for (let i = 0; i < count; i++) rows.push(await enqueueOutboxMessage(trx, tradeMessage()));
      return rows.map((row) => row.messageId);
    });
  const queuedMessageIds = async () =>
    (await messaging.drainQueue(QUEUES.chainExecutorTrades)).map((message) => message.properties.messageId as string);

  it('publishes an outbox message only after its transaction commits', async () => {
    const received: string[] = [];
    const consumer = await startConsumer(manager, {
      queue: QUEUES.chainExecutorTrades,
      schema: tradeJobSchema,
      logger: manager.logger,
      handle: async (_message, context) => void received.push(context.messageId),
    });
    let seenBeforeCommit: { received: number; ready: number } | undefined;

    const enqueued = await runInTransactionWithOutbox(db, manager, async (_trx, enqueue) => {
      const row = await enqueue(tradeMessage());
      seenBeforeCommit = { received: received.length, ready: await messaging.readyCount(QUEUES.chainExecutorTrades) };
      return row;
    });

    expect(seenBeforeCommit).toEqual({ received: 0, ready: 0 });
    await waitFor('the consumer to receive the message', () => received.length === 1);
    expect(received).toEqual([enqueued.messageId]);
    // The writer does not wait for its mark, which follows within the linger.
    await waitFor('the row to be marked published', async () => (await outboxRows())[0]!.published_at !== null);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ message_id: enqueued.messageId, publish_attempts: 1, last_error: null });
    expect(row!.published_at).toBeInstanceOf(Date);
    await consumer.stop();
  });

  it('marks the rows of concurrent writers together, in fewer than half as many UPDATEs as writers', async () => {
    const updates: string[] = [];
    const record = (query: { sql: string }) => {
      if (query.sql.startsWith('update `outbox` set `published_at`')) updates.push(query.sql);
    };
    db.on('query', record);
    const enqueued = await Promise.all(
      Array.from({ length: 20 }, () =>
        runInTransactionWithOutbox(db, manager, async (_trx, enqueue) => (await enqueue(tradeMessage())).messageId),
      ),
    );
    await flushPublishedMarks(db);
    db.off('query', record);
    expect((await outboxRows()).every((row) => row.published_at !== null && row.publish_attempts === 1)).toBe(true);
    expect([...(await queuedMessageIds())].sort()).toEqual([...enqueued].sort());
    // Writers that finish within one linger share its UPDATE; a slow machine may spread them over a few lingers.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThan(enqueued.length / 2);
  });

  it('writes the messages of a transaction with one INSERT, and publishes them in the order they were enqueued', async () => {
    const inserts: string[] = [];
    const record = (query: { sql: string }) => {
      if (query.sql.startsWith('insert into `outbox`')) inserts.push(query.sql);
    };
    db.on('query', record);
    const enqueued = await runInTransactionWithOutbox(db, manager, async (_trx, enqueue) => {
      const rows = [];
      for (let i = 0; i < 3; i += 1) rows.push(await enqueue(tradeMessage()));
      return rows.map((row) => row.messageId);
    }).finally(() => db.off('query', record));
    expect(inserts).toHaveLength(1);
    expect(await queuedMessageIds()).toEqual(enqueued);
    await flushPublishedMarks(db);
    expect((await outboxRows()).map((row) => [row.message_id, row.published_at instanceof Date])).toEqual(
      enqueued.map((messageId) => [messageId, true]),
    );
  });

  it('publishes nothing and keeps no row when the transaction rolls back', async () => {
    const failure = new Error('business rule failed');

    await expect(
      runInTransactionWithOutbox(db, manager, async (_trx, enqueue) => {
        await enqueue(tradeMessage());
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await outboxRows()).toEqual([]);
    expect(await messaging.readyCount(QUEUES.chainExecutorTrades)).toBe(0);
  });

  it('rejects a payload that does not match its exchange schema, writing nothing', async () => {
    const attempt = db.transaction((trx) =>
      enqueueOutboxMessage(trx, { exchange: EXCHANGES.trades, routingKey: 'k', payload: { tradeId: 'nope' } }),
    );

    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await outboxRows()).toEqual([]);
  });

  it('keeps the row unpublished when publishing fails, and the republisher then delivers it exactly once', async () => {
    const unavailable = messaging.createManager({ url: 'amqp://guest:guest@127.0.0.1:1' });

    const enqueued = await runInTransactionWithOutbox(db, unavailable, (_trx, enqueue) => enqueue(tradeMessage()), {
      publishTimeoutMs: 100,
    });

    const [failedRow] = await outboxRows();
    expect(failedRow).toMatchObject({ message_id: enqueued.messageId, published_at: null, publish_attempts: 1 });
    expect(failedRow!.last_error).toMatch(/RabbitMQ/);
    await unavailable.close();

    const replicas = [1, 2].map(() =>
      startOutboxRepublisher(db, manager, { olderThanMs: 0, batchSize: 10, intervalMs: 10 }),
    );
    await waitFor('the row to be marked published', async () => (await outboxRows())[0]!.published_at !== null);
    await Promise.all(replicas.map((replica) => replica.stop()));

    expect(await queuedMessageIds()).toEqual([enqueued.messageId]);
    expect((await outboxRows())[0]).toMatchObject({ publish_attempts: 2 });
  });

  it('does not hold the writer long when the manager is closed: the publish fails at once and the row waits', async () => {
    const closed = messaging.createManager();
    await closed.close();
    const started = Date.now();

    await runInTransactionWithOutbox(db, closed, (_trx, enqueue) => enqueue(tradeMessage()));

    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await outboxRows())[0]).toMatchObject({ published_at: null, publish_attempts: 1 });
  });

  it('sends each of many stale rows exactly once when republishers on several replicas sweep at the same time', async () => {
    const ids = await enqueueCommitted(25);

    const sweeps = await Promise.all(
      [1, 2, 3].map(() => republishStaleOutbox(db, manager, { olderThanMs: 0, batchSize: 10 })),
    );
    const rest = await republishStaleOutbox(db, manager, { olderThanMs: 0, batchSize: 100 });

    const publishedIds = [...sweeps, rest].flatMap((sweep) => sweep.published);
    expect(new Set(publishedIds).size).toBe(25);
    expect(publishedIds).toHaveLength(25);
    const queued = await queuedMessageIds();
    expect([...queued].sort()).toEqual([...ids].sort());
    expect((await outboxRows()).every((row) => row.published_at !== null)).toBe(true);
  });

  it('republishes stale rows oldest first, so the queue keeps the order they were written in', async () => {
    const ids = await enqueueCommitted(5);

    await republishStaleOutbox(db, manager, { olderThanMs: 0, batchSize: 10 });

    expect(await queuedMessageIds()).toEqual(ids);
  });

  it('leaves rows younger than the threshold to the writer', async () => {
    await db.transaction((trx) => enqueueOutboxMessage(trx, tradeMessage()));

    const sweep = await republishStaleOutbox(db, manager, { olderThanMs: 60_000, batchSize: 10 });

    expect(sweep).toEqual({ published: [], failed: [] });
    expect((await outboxRows())[0]!.published_at).toBeNull();
  });

  it('publishOutboxMessages skips rows already published', async () => {
    const row = await db.transaction((trx) => enqueueOutboxMessage(trx, tradeMessage()));

    const first = await publishOutboxMessages(db, manager, [row.messageId]);
    await flushPublishedMarks(db);
    const second = await publishOutboxMessages(db, manager, [row.messageId]);

    expect(first).toEqual({ published: [row.messageId], failed: [] });
    expect(second).toEqual({ published: [], failed: [] });
    expect(await queuedMessageIds()).toEqual([row.messageId]);
  });

  it('runs a transaction chosen as a deadlock victim again: both crossing writers commit, each message once', async () => {
    await db.schema.createTable('outbox_deadlock_rows', (table) => {
      table.integer('id').primary();
      table.integer('touched').notNullable().defaultTo(0);
    });
    try {
      await db('outbox_deadlock_rows').insert([{ id: 1 }, { id: 2 }]);
      let attempts = 0;
      let bothHoldTheirFirstRow: () => void = () => undefined;
      const firstRowsHeld = new Promise<void>((resolve) => (bothHoldTheirFirstRow = resolve));
      let holding = 0;
      // Two writers lock the rows in opposite orders: the server must roll one back as a deadlock victim.
      const crossing = (first: number, second: number, message: ReturnType<typeof tradeMessage>) =>
        runInTransactionWithOutbox(db, manager, async (trx, enqueue) => {
          attempts += 1;
          await trx('outbox_deadlock_rows').where({ id: first }).increment('touched', 1);
          if (++holding === 2) bothHoldTheirFirstRow();
          await Promise.race([firstRowsHeld, new Promise((resolve) => setTimeout(resolve, 200))]);
          await trx('outbox_deadlock_rows').where({ id: second }).increment('touched', 1);
          await enqueue(message);
        });
      const [one, two] = [tradeMessage(), tradeMessage()];
      await Promise.all([crossing(1, 2, one), crossing(2, 1, two)]);
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(await db('outbox_deadlock_rows').orderBy('id').pluck('touched')).toEqual([2, 2]);
      expect((await outboxRows()).map((row) => row.message_id)).toHaveLength(2);
    } finally {
      await db.schema.dropTable('outbox_deadlock_rows');
    }
  });
});
