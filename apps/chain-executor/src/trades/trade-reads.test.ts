/* The executor's job reads against MariaDB: jobs starting in one turn share one query (per table, or joined). */
import { describe, expect, it } from '@jest/globals';
import {
  createTrader,
  insertMarketTrade,
  useMarketTestbed,
  USDC,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { createTradeReads } from './trade-reads.js';

const testbed = useMarketTestbed();

describe('trade reads', () => {
  it('reads the trades, keys, users and market of jobs started together with one query per table', async () => {
    const traders = await Promise.all([createTrader(testbed), createTrader(testbed), createTrader(testbed)]);
    const trades = await Promise.all(traders.map((trader) => insertMarketTrade(testbed, trader, 1n * USDC)));
    const reads = createTradeReads(testbed.db);
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    testbed.db.on('query', record);
    try {
      const found = await Promise.all(trades.map((trade) => reads.trade(trade.id)));
      const [keys, users, markets] = await Promise.all([
        Promise.all(traders.map((trader) => reads.apiKey(trader.apiKeyId))),
        Promise.all(traders.map((trader) => reads.user(trader.userId))),
        Promise.all(trades.map((trade) => reads.market(trade.marketId))),
      ]);

      expect(found.map((trade) => trade?.id)).toEqual(trades.map((trade) => trade.id));
      expect(keys.map((key) => key?.id)).toEqual(traders.map((trader) => trader.apiKeyId));
      expect(users.map((user) => user?.smartAccountAddress?.toLowerCase())).toEqual(
        traders.map((trader) => trader.account.toLowerCase()),
      );
      expect(markets.map((market) => market?.id)).toEqual(trades.map(() => testbed.marketId));
      expect(await reads.trade('00000000-0000-4000-8000-000000000000')).toBeNull();
    } finally {
      testbed.db.off('query', record);
    }
    expect(statements.filter((sql) => sql.startsWith('select')).length).toBe(5);
  });

  it('reads new jobs (each trade with its key, user and market) started together with one joined query', async () => {
    const traders = await Promise.all([createTrader(testbed), createTrader(testbed)]);
    const trades = await Promise.all(traders.map((trader) => insertMarketTrade(testbed, trader, 2n * USDC)));
    const reads = createTradeReads(testbed.db);
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    testbed.db.on('query', record);
    const jobs = await Promise.all(
      [...trades.map((trade) => trade.id), '00000000-0000-4000-8000-000000000000'].map((id) => reads.job(id)),
    ).finally(() => testbed.db.off('query', record));

    expect(statements).toHaveLength(1);
    expect(jobs.map((job) => job?.trade.id ?? null)).toEqual([...trades.map((trade) => trade.id), null]);
    expect(jobs.map((job) => job?.apiKey?.id ?? null)).toEqual([...traders.map((trader) => trader.apiKeyId), null]);
    expect(jobs.map((job) => job?.user?.smartAccountAddress?.toLowerCase() ?? null)).toEqual([
      ...traders.map((trader) => trader.account.toLowerCase()),
      null,
    ]);
    expect(jobs.map((job) => job?.market?.id ?? null)).toEqual([testbed.marketId, testbed.marketId, null]);
  });
});
