import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { address, insertTrade, setMarketAggregates } from '#tooling/kits/public-read/activity-fixtures.js';
import {
  createPublicReadSuite,
  expectInvalidParameter,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

type Item = Record<string, unknown> & { id: string; trendingRank: number };
type TrendingBody = { markets: Item[]; timeframe: Record<string, unknown> };

const now = new Date('2027-01-10T12:00:00Z');
const hoursAgo = (hours: number): Date => new Date(now.getTime() - hours * 3_600_000);
const USD = 1_000_000n;

let suite: PublicReadSuite;
let app: RunningPublicRead;
const markets: Record<string, Market> = {};

async function trade(market: Market, trader: number, usd: bigint, at: Date): Promise<void> {
  await insertTrade(suite.db, { marketId: market.id, trader: address(trader), usdc: usd * USD, blockTime: at });
}

beforeAll(async () => {
  suite = await createPublicReadSuite();
  const create = async (name: string, category: string, status: Market['status'] = 'OPEN') => {
    markets[name] = await insertMarket(suite.db, { question: name, category, status, outcomes: ['YES', 'NO'] });
    return markets[name]!;
  };
  const broad = await create('broad', 'sports');
  const wash = await create('wash', 'sports');
  const weekly = await create('weekly', 'politics');
  const resolved = await create('resolved', 'sports', 'RESOLVED');
  const stale = await create('stale', 'sports');
  const monthly = await create('monthly', 'sports');
  // broad: 10 traders × 10 USD today. wash: one account, 30 × 100 USD today.
  for (let index = 0; index < 10; index += 1) await trade(broad, index, 10n, hoursAgo(1 + index));
  for (let index = 0; index < 30; index += 1) await trade(wash, 99, 100n, hoursAgo(2));
  // weekly: 3 traders three days ago. monthly: 20 days ago. stale: 40 days ago. resolved: today, but not open.
  for (let index = 0; index < 3; index += 1) await trade(weekly, 20 + index, 5n, hoursAgo(72));
  await trade(monthly, 30, 50n, hoursAgo(20 * 24));
  await trade(stale, 31, 500n, hoursAgo(40 * 24));
  await trade(resolved, 32, 1_000n, hoursAgo(1));
  await setMarketAggregates(suite.db, broad.id, { totalVolumeCents: 10_000 });
  await setMarketAggregates(suite.db, wash.id, { totalVolumeCents: 300_000 });
  await setMarketAggregates(suite.db, weekly.id, { totalVolumeCents: 1_500 });
  app = await suite.start();
  app.clock.now = now;
});

afterAll(() => suite.destroy());

const names = (body: TrendingBody): string[] =>
  body.markets.map((item) => Object.entries(markets).find(([, market]) => market.id === item.id)![0]);

describe('GET /api/markets/trending', () => {
  it('ranks active markets traded in the last 7 days by score, breadth of traders over one wash trader', async () => {
    const { status, body } = await getJson<TrendingBody>(`${app.url}/api/markets/trending`);
    expect(status).toBe(200);
    expect(body.timeframe).toEqual({ trending: '7d' });
    expect(names(body)).toEqual(['broad', 'wash', 'weekly']);
    expect(body.markets.map((item) => item.trendingRank)).toEqual([1, 2, 3]);
    expect(body.markets[0]).toMatchObject({
      id: markets.broad!.id,
      question: 'broad',
      status: 'active',
      totalVolume: 10_000,
      recentMetrics: { tradeCount: 10, volume: 10_000, uniqueTraders: 10 },
    });
    const expected = Math.log1p(10) + Math.log1p(100) + 3 * Math.log1p(10);
    expect(body.markets[0]!.trendingScore).toBeCloseTo(expected, 4);
    expect(body.markets[1]).toMatchObject({ recentMetrics: { tradeCount: 30, volume: 300_000, uniqueTraders: 1 } });
    const scores = body.markets.map((item) => item.trendingScore as number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('uses the timeframe: 1d and 30d windows', async () => {
    const day = await getJson<TrendingBody>(`${app.url}/api/markets/trending?timeframe=1d`);
    expect(names(day.body)).toEqual(['broad', 'wash']);
    expect(day.body.timeframe).toEqual({ trending: '1d' });
    const month = await getJson<TrendingBody>(`${app.url}/api/markets/trending?timeframe=30d`);
    expect(names(month.body)).toEqual(['broad', 'wash', 'weekly', 'monthly']);
  });

  it('applies limit, category and minVolume (cents of totalVolume)', async () => {
    const one = await getJson<TrendingBody>(`${app.url}/api/markets/trending?limit=1`);
    expect(names(one.body)).toEqual(['broad']);
    const politics = await getJson<TrendingBody>(`${app.url}/api/markets/trending?category=politics`);
    expect(names(politics.body)).toEqual(['weekly']);
    expect(politics.body.markets[0]!.trendingRank).toBe(1);
    const big = await getJson<TrendingBody>(`${app.url}/api/markets/trending?minVolume=10000`);
    expect(names(big.body)).toEqual(['broad', 'wash']);
    const huge = await getJson<TrendingBody>(`${app.url}/api/markets/trending?minVolume=1000000.5`);
    expect(huge.body.markets).toEqual([]);
  });

  it.each([
    ['timeframe=2d', 'timeframe'],
    ['limit=51', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=0', 'limit'],
    ['minVolume=-1', 'minVolume'],
    ['minVolume=lots', 'minVolume'],
    ['sortBy=score', 'sortBy'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/markets/trending?${query}`, name),
  );
});

describe('GET /api/markets/trending with more qualifying markets than a page', () => {
  let crowded: PublicReadSuite;
  let crowdedApp: RunningPublicRead;
  const ranked: string[] = [];

  beforeAll(async () => {
    crowded = await createPublicReadSuite();
    // 12 open markets traded today, market n by n distinct traders: the score grows with n, so the order is known.
    for (let n = 12; n >= 1; n -= 1) {
      const market = await insertMarket(crowded.db, {
        question: `crowd ${n}`,
        category: 'crowd',
        outcomes: ['Y', 'N'],
      });
      ranked.push(market.id);
      for (let trader = 0; trader < n; trader += 1) {
        await insertTrade(crowded.db, {
          marketId: market.id,
          trader: address(1_000 * n + trader),
          usdc: 5n * USD,
          blockTime: hoursAgo(2),
        });
      }
    }
    crowdedApp = await crowded.start();
    crowdedApp.clock.now = now;
  });

  afterAll(() => crowded.destroy());

  it('returns the 10 best-ranked markets when no limit is given', async () => {
    const { status, body } = await getJson<TrendingBody>(`${crowdedApp.url}/api/markets/trending`);
    expect(status).toBe(200);
    expect(body.markets.map((item) => item.id)).toEqual(ranked.slice(0, 10));
    expect(body.markets.map((item) => item.trendingRank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('accepts limit=50, the maximum, and then returns every qualifying market', async () => {
    const { status, body } = await getJson<TrendingBody>(`${crowdedApp.url}/api/markets/trending?limit=50`);
    expect(status).toBe(200);
    expect(body.markets.map((item) => item.id)).toEqual(ranked);
    expect(body.markets.at(-1)).toMatchObject({ trendingRank: 12, recentMetrics: { uniqueTraders: 1 } });
  });
});
