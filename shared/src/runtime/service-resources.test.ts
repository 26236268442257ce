import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertOutboxRows } from '../db/outbox/outbox.repository.js';
import { createLogger } from '../logger/logger.js';
import { publishedMarksOf } from '../messaging/published-marks.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { openServiceResources } from './service-resources.js';

const logger = createLogger({ name: 'service-resources-test', level: 'silent' });

describe('openServiceResources', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('marks the outbox rows its writers queued before it closes the pool, so a graceful stop leaves none to resend', async () => {
    const resources = await openServiceResources(
      'service-resources-test',
      {
        DATABASE_URL: database.url,
        DB_POOL_MAX: 2,
        REDIS_URL: testEnv.redisUrl,
        REDIS_PREFIX: 'unused:',
        AMQP_URL: testEnv.amqpUrl,
        AMQP_PREFIX: 'unused',
      },
      { mysql: true },
      logger,
    );
    const db = resources.db;
    if (!db) throw new Error('openServiceResources opened no pool for a deployable that needs MySQL');
    const messageIds = [randomUUID(), randomUUID()];
    await db.transaction((trx) =>
      insertOutboxRows(
        trx,
        messageIds.map((messageId) => ({
          messageId,
          exchange: 'trades',
          routingKey: 'trade.created',
          payload: {},
          headers: undefined,
        })),
      ),
    );

    // Queued marks wait out a linger; the close comes well within it.
    await publishedMarksOf(db, logger).mark(messageIds);
    await resources.close();

    const rows: Array<{ published_at: Date | null }> = await database
      .db('outbox')
      .select('published_at')
      .whereIn('message_id', messageIds);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.published_at !== null)).toBe(true);
  });
});
