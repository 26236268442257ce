/*
 * `for await` over the trading API's cursor lists through the client, against the real app on MariaDB and Redis:
 * the client passes each cursor back, fetches every page once and stops after the last. What the server promises of
 * its pages (limits, ties on created_at, trades placed mid-walk, the last page's null cursor) is asserted once, by
 * apps/trading-api/src/handlers/list-trades.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertTestTrade, USDC } from '../../../tooling/kits/chain-executor/trade-executor-test-kit.js';
import {
  createCaller,
  startTradingApiKit,
  type TradingApiKit,
} from '../../../tooling/kits/trading-api/trading-api-test-kit.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { insertMarketWithIndexedTrades } from '../../../tooling/testing/indexed-trades-fixture.js';
import { unwrap } from './api-call.js';
import { createForetellClient } from './client.js';
import { iterateCursorPages } from './pagination.js';

let kit: TradingApiKit;
let marketId: string;

beforeAll(async () => {
  kit = await startTradingApiKit();
  ({ id: marketId } = await insertMarket(kit.database.db, {
    question: 'Paged?',
    category: 'paging',
    outcomes: ['YES', 'NO'],
  }));
}, 60_000);

afterAll(async () => {
  await kit?.close();
});

/** A client of a fresh caller, and the ids of the `trades` trades its key holds. */
async function newClient(trades = 0) {
  const caller = await createCaller(kit);
  const trader = { userId: caller.userId, apiKeyId: caller.record.id };
  const ids: string[] = [];
  for (let index = 0; index < trades; index += 1) {
    ids.push((await insertTestTrade(kit.database.db, { trader, marketId, usdc: 1n * USDC })).id);
  }
  return { client: createForetellClient({ baseUrl: kit.url, apiKey: caller.key }), ids };
}

describe('cursor iteration', () => {
  it('trades.list visits every trade of the key exactly once across pages', async () => {
    const { client, ids } = await newClient(23);

    const visited: string[] = [];
    for await (const trade of client.trades.list({ limit: 5 })) visited.push(trade.id);

    expect(visited.sort()).toEqual([...ids].sort());
  });

  it('walks the markets list page by page until hasMore is false', async () => {
    for (let index = 0; index < 6; index += 1) {
      await insertMarket(kit.database.db, { question: `Paged ${index}?`, category: 'paging', outcomes: ['A', 'B'] });
    }
    const { client } = await newClient();

    const ids: string[] = [];
    for await (const market of client.markets.list({ limit: 3, status: 'all' })) ids.push(market.id);
    const [row] = await kit.database.db('markets').count({ count: '*' });

    expect(ids).toHaveLength(Number(row?.count));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('markets.candles walks an outcome’s candles across pages, oldest first', async () => {
    const t0 = Date.UTC(2026, 10, 1);
    const hours = [0, 1, 2, 3, 4, 5, 6].map((hour) => ({
      at: new Date(t0 + hour * 3_600_000 + 1),
      yes: BigInt(40 + hour) * 10n ** 16n,
      usdc: 1_000n,
    }));
    const candleMarket = await insertMarketWithIndexedTrades(kit.database.db, hours);
    const { client } = await newClient();

    const to = new Date(t0 + 7 * 3_600_000).toISOString();
    const candles = [];
    for await (const candle of client.markets.candles(candleMarket, { interval: '1h', limit: 3, to })) {
      candles.push(candle);
    }

    expect(candles.map((candle) => [candle.start, candle.close])).toEqual(
      hours.map(({ yes }, hour) => [
        new Date(t0 + hour * 3_600_000).toISOString(),
        `0.${yes / 10n ** 16n}0000000000000000`,
      ]),
    );
  });

  it('exposes the pages themselves, in order, each once, the last one ending the walk', async () => {
    const { client, ids } = await newClient(12);

    const pages = [];
    for await (const page of iterateCursorPages((cursor) =>
      unwrap(client.api.GET('/trades', { params: { query: { limit: 5, cursor } } })),
    )) {
      pages.push(page);
    }

    expect(pages.map((page) => page.data.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((page) => page.data.map((trade) => trade.id)).sort()).toEqual([...ids].sort());
  });
});
