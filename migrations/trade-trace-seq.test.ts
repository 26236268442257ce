import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { migrateLatest } from '../apps/admin-cli/src/migrations/migrate.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { tradeTraceSeqMigration } from './20261126_0100_trade_trace_seq.js';

describe('the trade trace_seq migration', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
    await migrateLatest(test.db);
    await tradeTraceSeqMigration.down(test.db);
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('gives every existing trade the number of its last timeline step (0 without one)', async () => {
    const db = test.db;
    const user = await createUser(db, { email: 'seq@example.test' });
    const { record: key } = await issueApiKey(db, DEVELOPMENT_PEPPER, { userId: user.id, tier: 'free', env: 'test' });
    const market = await insertMarket(db, { question: 'Q?', category: 'misc', outcomes: ['YES', 'NO'] });
    const trade = (id: string, correlationId: string) => ({
      id,
      api_key_id: key.id,
      user_id: user.id,
      market_id: market.id,
      outcome_index: 0,
      side: 'buy',
      amount: '1',
      amount_atomic: '1000000',
      status: 'completed',
      correlation_id: correlationId,
      metadata: '{}',
      request_hash: 'a'.repeat(64),
    });
    const withSteps = trade('44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555');
    const without = trade('66666666-6666-4666-8666-666666666666', '77777777-7777-4777-8777-777777777777');
    await db('trades').insert([withSteps, without]);
    await db('trade_events').insert(
      [1, 2, 3, 4, 5].map((seq) => ({
        correlation_id: withSteps.correlation_id,
        trade_id: withSteps.id,
        seq,
        type: 'step',
        data: '{}',
      })),
    );

    await tradeTraceSeqMigration.up(db);

    const rows: Array<{ id: string; trace_seq: number }> = await db('trades').select('id', 'trace_seq');
    expect(Object.fromEntries(rows.map((row) => [row.id, Number(row.trace_seq)]))).toEqual({
      [withSteps.id]: 5,
      [without.id]: 0,
    });
  });
});
