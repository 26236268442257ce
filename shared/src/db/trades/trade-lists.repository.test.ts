import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { findApiKeysByIds } from '#shared/db/api-keys/api-keys.repository.js';
import { findMarketById, insertMarket } from '#shared/db/markets/markets.repository.js';
import { findTradeJobRowsByIds } from '#shared/db/trades/trade-lists.repository.js';
import { findTradeById, insertTrade } from '#shared/db/trades/trades.repository.js';
import { createUser, findUserById } from '#shared/db/users/users.repository.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.destroy();
});

async function placeTrade(options: { smartAccount?: string; outcomes: string[] }) {
  const user = await createUser(test.db, {
    email: `job-${Date.now()}-${Math.random()}@example.test`,
    ...(options.smartAccount ? { smartAccountAddress: options.smartAccount } : {}),
  });
  const market = await insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: options.outcomes });
  const { record: key } = await issueApiKey(test.db, DEVELOPMENT_PEPPER, {
    userId: user.id,
    tier: 'mm',
    env: 'test',
    ipAllowlist: ['10.0.0.0/8'],
  });
  return insertTrade(test.db, {
    apiKeyId: key.id,
    userId: user.id,
    marketId: market.id,
    outcomeIndex: 1,
    side: 'buy',
    amount: '2.5',
    amountAtomic: 2_500_000n,
    requestHash: 'e'.repeat(64),
    metadata: { strategy: 'momentum' },
  });
}

describe('findTradeJobRowsByIds', () => {
  it('reads each trade with its key, market and user in one query, exactly as their own lookups do', async () => {
    const first = await placeTrade({ smartAccount: '0x' + '1'.repeat(40), outcomes: ['YES', 'NO'] });
    const second = await placeTrade({ outcomes: ['A', 'B', 'C'] });
    const queries: string[] = [];
    const record = (query: { sql: string }) => queries.push(query.sql);
    test.db.on('query', record);
    const rows = await findTradeJobRowsByIds(test.db, [first.id, second.id]).finally(() =>
      test.db.off('query', record),
    );

    expect(queries).toHaveLength(1);
    for (const trade of [first, second]) {
      expect(rows.get(trade.id)).toEqual({
        trade: await findTradeById(test.db, trade.id),
        apiKey: (await findApiKeysByIds(test.db, [trade.apiKeyId])).get(trade.apiKeyId),
        market: await findMarketById(test.db, trade.marketId),
        user: await findUserById(test.db, trade.userId),
      });
    }
    expect(rows.get(first.id)?.user?.smartAccountAddress).toBe('0x' + '1'.repeat(40));
    expect(rows.get(second.id)?.market?.outcomes).toEqual(['A', 'B', 'C']);
  });

  it('leaves out unknown trade ids, and reads nothing for none', async () => {
    const trade = await placeTrade({ outcomes: ['YES', 'NO'] });
    const rows = await findTradeJobRowsByIds(test.db, [trade.id, '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11']);
    expect([...rows.keys()]).toEqual([trade.id]);
    expect(await findTradeJobRowsByIds(test.db, [])).toEqual(new Map());
  });
});
