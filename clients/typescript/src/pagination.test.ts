/* `for await` over the trading API's cursor lists, against the real app on MariaDB and Redis. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import {
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '../../../apps/trading-api/src/testing/trading-api-test-kit.js';
import { insertMarket, insertTrade } from '../../../shared/src/db/index.js';
import { unwrap } from './api-call.js';
import { createForetellClient } from './client.js';
import { iterateCursorPages } from './pagination.js';

let kit: TradingApiKit;
let caller: TestCaller;
let marketId: string;

beforeAll(async () => {
  kit = await startTradingApiKit();
  caller = await createCaller(kit);
  ({ id: marketId } = await insertMarket(kit.database.db, {
    question: 'Paged?',
    category: 'paging',
    outcomes: ['YES', 'NO'],
  }));
}, 60_000);

afterAll(async () => {
  await kit?.close();
});

const placeTrade = async () =>
  (
    await insertTrade(kit.database.db, {
      apiKeyId: caller.record.id,
      userId: caller.userId,
      marketId,
      outcomeIndex: 0,
      side: 'buy',
      amount: '1',
      amountAtomic: 1_000_000n,
      requestHash: createHash('sha256').update(randomUUID()).digest('hex'),
    })
  ).id;

describe('cursor iteration', () => {
  it('visits every trade exactly once across pages, also when trades are added during the walk', async () => {
    const existing: string[] = [];
    for (let index = 0; index < 23; index += 1) existing.push(await placeTrade());
    const client = createForetellClient({ baseUrl: kit.url, apiKey: caller.key });

    const visited: string[] = [];
    const addedMeanwhile: string[] = [];
    for await (const trade of client.trades.list({ limit: 5 })) {
      visited.push(trade.id);
      if (visited.length === 7) for (let index = 0; index < 3; index += 1) addedMeanwhile.push(await placeTrade());
    }

    expect(new Set(visited).size).toBe(visited.length);
    expect(visited.filter((id) => existing.includes(id)).sort()).toEqual([...existing].sort());
    expect(visited.every((id) => existing.includes(id) || addedMeanwhile.includes(id))).toBe(true);
  });

  it('walks the markets list page by page until hasMore is false', async () => {
    for (let index = 0; index < 6; index += 1) {
      await insertMarket(kit.database.db, { question: `Paged ${index}?`, category: 'paging', outcomes: ['A', 'B'] });
    }
    const client = createForetellClient({ baseUrl: kit.url, apiKey: caller.key });

    const ids: string[] = [];
    for await (const market of client.markets.list({ limit: 3, status: 'all' })) ids.push(market.id);
    const [row] = await kit.database.db('markets').count({ count: '*' });

    expect(ids).toHaveLength(Number(row?.count));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('exposes the pages themselves, each within the limit, the last without a cursor', async () => {
    const client = createForetellClient({ baseUrl: kit.url, apiKey: caller.key });
    const pages = [];
    for await (const page of iterateCursorPages((cursor) =>
      unwrap(client.api.GET('/trades', { params: { query: { limit: 10, cursor } } })),
    )) {
      pages.push(page);
    }

    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((page) => page.data.length <= 10)).toBe(true);
    expect(pages.at(-1)?.pagination).toMatchObject({ hasMore: false, cursor: null });
  });
});
