import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '../../config/config-fields.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { rowsOfRaw } from '../transaction.js';
import { insertMarket } from '../markets/markets.repository.js';
import { insertTrade } from './trades.repository.js';
import { sumTradeExposure, type TradeExposureQuery } from './trade-lists.repository.js';
import { createUser } from '../users/users.repository.js';

interface PlanRow {
  table: string | null;
  key: string | null;
  Extra: string | null;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The query plan of the statements `run` sends, as EXPLAIN shows it for each. */
async function plansOf(test: TestDatabase, run: () => Promise<unknown>): Promise<PlanRow[]> {
  const sent: Array<{ sql: string; bindings: readonly Knex.RawBinding[] }> = [];
  const listen = (query: { sql: string; bindings?: readonly Knex.RawBinding[] }) =>
    sent.push({ sql: query.sql, bindings: query.bindings ?? [] });
  test.db.on('query', listen);
  try {
    await run();
  } finally {
    test.db.off('query', listen);
  }
  const plans = await Promise.all(
    sent.map(async ({ sql, bindings }) => rowsOfRaw(await test.db.raw(`EXPLAIN ${sql}`, bindings))),
  );
  return plans.flat().map((row) => ({ table: textOf(row.table), key: textOf(row.key), Extra: textOf(row.Extra) }));
}

// Every POST /v1/trades runs these sums under the user's lock; a plan that walks the history makes each new trade
// cost more than the last (migration 20261127_0100_trade_exposure_indexes).
describe('the exposure sums of a new trade', () => {
  let test: TestDatabase;
  let query: (side: 'buy' | 'sell') => TradeExposureQuery;

  beforeAll(async () => {
    test = await createTestDatabase();
    const market = await insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: ['YES', 'NO'] });
    const traders = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        const user = await createUser(test.db, { email: `plan-${name}@example.test` });
        const { record: key } = await issueApiKey(test.db, DEVELOPMENT_PEPPER, {
          userId: user.id,
          tier: 'enterprise',
          env: 'test',
        });
        return { userId: user.id, apiKeyId: key.id };
      }),
    );
    const day = 24 * 60 * 60 * 1000;
    for (const [index, trader] of traders.entries()) {
      // A history of finished trades over a month, and a few unfinished ones.
      for (let n = 0; n < 150; n += 1) {
        await insertTrade(test.db, {
          ...trader,
          marketId: market.id,
          outcomeIndex: n % 2,
          side: n % 3 === 0 ? 'sell' : 'buy',
          amount: '1',
          amountAtomic: 1_000_000n,
          requestHash: 'e'.repeat(64),
          status: n % 25 === 0 ? 'pending' : 'completed',
          createdAt: new Date(Date.now() - (n / 150) * 30 * day - index),
        });
      }
    }
    await test.db.raw('ANALYZE TABLE trades');
    const [trader] = traders;
    if (!trader) throw new Error('no trader was created');
    query = (side) => ({
      ...trader,
      since: new Date(Date.now() - day),
      side,
      marketId: market.id,
      outcomeIndex: 0,
    });
  });

  afterAll(async () => {
    await test.destroy();
  });

  it.each(['buy', 'sell'] as const)(
    'of a %s read only the covering indexes, never the rows of the trade history',
    async (side) => {
      const plan = (await plansOf(test, () => sumTradeExposure(test.db, query(side)))).filter(
        (row) => row.table === 'trades',
      );

      expect(plan.map((row) => row.key).sort()).toEqual(['trades_key_side_created_idx', 'trades_user_status_idx']);
      for (const row of plan) expect(row.Extra).toContain('Using index');
    },
  );
});
