import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import {
  address,
  insertPriceHistory,
  insertPricePoint,
  insertTrade,
  setMarketAggregates,
  type SeededPricePoint,
} from '#tooling/kits/public-read/activity-fixtures.js';
import {
  createPublicReadSuite,
  expectInvalidParameter,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

type Body = Record<string, unknown>;
type DetailBody = {
  market: Body & { priceHistory?: Body[] };
  priceHistory?: Body[];
  recentTrades?: Array<Body & { id: string }>;
  _meta: Body;
};

const WAD = 10n ** 18n;
const wad = (fraction: number): string => ((BigInt(Math.round(fraction * 1e6)) * WAD) / 1_000_000n).toString();

let suite: PublicReadSuite;
let app: RunningPublicRead;
let binary: Market;
let multi: Market;
const tradeIds: string[] = [];
const start = Date.parse('2026-11-01T00:00:00Z');

beforeAll(async () => {
  suite = await createPublicReadSuite();
  binary = await insertMarket(suite.db, {
    question: 'Binary?',
    description: 'A binary market.',
    category: 'misc',
    tags: ['a', 'b'],
    outcomes: ['YES', 'NO'],
    endTime: new Date('2027-03-01T12:00:00Z'),
    sourceSocialPostUrl: 'https://social.example/@x/status/7',
    currentProbabilities: [wad(0.6), wad(0.4)],
  });
  multi = await insertMarket(suite.db, {
    question: 'Which?',
    category: 'misc',
    status: 'RESOLVED',
    outcomes: ['A', 'B', 'C'],
    currentProbabilities: [wad(0.5), wad(0.3), wad(0.2)],
  });
  await setMarketAggregates(suite.db, binary.id, {
    totalVolumeCents: 12_345,
    tradeCount: 130,
    currentPrices: [wad(0.55), wad(0.45)],
  });
  // 250 price points, one a minute, volume growing by 1 USDC each.
  for (let index = 0; index < 250; index += 1) {
    const yes = 0.5 + index / 1_000;
    await insertPricePoint(suite.db, {
      marketId: binary.id,
      recordedAt: new Date(start + index * 60_000),
      prices: [wad(yes), wad(1 - yes)],
      probabilities: [wad(yes), wad(1 - yes)],
      cumulativeVolume: BigInt(index + 1) * 1_000_000n,
    });
  }
  // 130 trades, one a second; every third sells outcome 1.
  for (let index = 0; index < 130; index += 1) {
    const sell = index % 3 === 0;
    tradeIds.push(
      await insertTrade(suite.db, {
        marketId: binary.id,
        trader: address(index % 7),
        outcomeIndex: sell ? 1 : 0,
        side: sell ? 'sell' : 'buy',
        usdc: 2_500_000n + BigInt(index) * 10_000n,
        price: 600_000_000_000_000_000n,
        blockTime: new Date(start + index * 1_000),
      }),
    );
  }
  app = await suite.start();
});

afterAll(() => suite.destroy());

/** A seeded point as the top-level `priceHistory` shows it: outcome 0's price and probability, volume in cents. */
const historyPoint = (point: SeededPricePoint): Body => ({
  timestamp: point.recordedAt.toISOString(),
  price: Number(point.yesWad) / 1e18,
  probability: Number(point.yesWad) / 1e18,
  volume: Number(point.cumulativeVolume / 10_000n),
});

/** Every returned point is a stored one, without repeats, in time order, with non-decreasing cumulative volume. */
function expectDownsampledFrom(history: Body[], seeded: SeededPricePoint[]): void {
  const stored = new Map(seeded.map((point) => [point.recordedAt.toISOString(), historyPoint(point)]));
  for (const point of history) expect(point).toEqual(stored.get(point.timestamp as string));
  const times = history.map((point) => Date.parse(point.timestamp as string));
  expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
  const volumes = history.map((point) => point.volume as number);
  expect(volumes.every((volume, index) => index === 0 || volume >= volumes[index - 1]!)).toBe(true);
}

describe('GET /api/markets/{id}', () => {
  it('returns the market in the detail form, without history or trades by default', async () => {
    const { status, body } = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['_meta', 'market']);
    expect(body.market).toEqual({
      id: binary.id,
      question: 'Binary?',
      description: 'A binary market.',
      probability: 0.6,
      yesPrice: 0.55,
      noPrice: 0.45,
      totalVolume: 12_345,
      tradeCount: 130,
      status: 'OPEN',
      endTime: Date.parse('2027-03-01T12:00:00Z'),
      category: 'misc',
      createdAt: binary.createdAt.toISOString(),
      sourceSocialPostUrl: 'https://social.example/@x/status/7',
      tags: ['a', 'b'],
      outcomes: [
        { outcomeIndex: 0, label: 'YES', probability: 0.6, price: 0.55 },
        { outcomeIndex: 1, label: 'NO', probability: 0.4, price: 0.45 },
      ],
    });
    expect(body._meta).toEqual({
      requestedAt: app.clock.now.toISOString(),
      includes: { history: false, trades: false, tradesCount: 0 },
    });
  });

  it('shows the stored status form and every outcome of a multi-outcome market', async () => {
    const { body } = await getJson<DetailBody>(`${app.url}/api/markets/${multi.id}`);
    expect(body.market).toMatchObject({ status: 'RESOLVED', probability: 0.5, yesPrice: 0.5, noPrice: 0.5 });
    expect((body.market.outcomes as Body[]).map((outcome) => outcome.label)).toEqual(['A', 'B', 'C']);
  });

  it('adds at most 100 price-history points with cumulative volume, first and latest included', async () => {
    const { body } = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}?history=true`);
    const history = body.priceHistory!;
    expect(history).toHaveLength(100);
    expect(history[0]).toEqual({ timestamp: new Date(start).toISOString(), price: 0.5, probability: 0.5, volume: 100 });
    expect(history.at(-1)).toEqual({
      timestamp: new Date(start + 249 * 60_000).toISOString(),
      price: 0.749,
      probability: 0.749,
      volume: 25_000,
    });
    const times = history.map((point) => Date.parse(point.timestamp as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(100);
    const volumes = history.map((point) => point.volume as number);
    expect(volumes.every((volume, index) => index === 0 || volume >= volumes[index - 1]!)).toBe(true);
    expect(body.market.priceHistory).toEqual(
      history.map((point) => ({ ...point, timestamp: Date.parse(point.timestamp as string) })),
    );
    expect(body._meta).toMatchObject({ includes: { history: true, trades: false, tradesCount: 0 } });
  });

  it('returns an empty history for a market without price points', async () => {
    const { status, body } = await getJson<DetailBody>(`${app.url}/api/markets/${multi.id}?history=1`);
    expect(status).toBe(200);
    expect(body.priceHistory).toEqual([]);
    expect(body.market.priceHistory).toEqual([]);
    expect(body._meta).toMatchObject({ includes: { history: true } });
  });

  it.each([1, 37, 100])('returns every stored point, in time order, when a market has %i of them', async (count) => {
    const market = await insertMarket(suite.db, {
      question: `${count} points?`,
      category: 'misc',
      outcomes: ['Y', 'N'],
    });
    const seeded = await insertPriceHistory(suite.db, market.id, { count, start: new Date(start) });
    const { status, body } = await getJson<DetailBody>(`${app.url}/api/markets/${market.id}?history=true`);
    expect(status).toBe(200);
    expect(body.priceHistory).toEqual(seeded.map(historyPoint));
    expect(body.market.priceHistory).toEqual(
      seeded.map((point) => ({ ...historyPoint(point), timestamp: point.recordedAt.getTime() })),
    );
  });

  it('keeps exactly 100 of 101 points, the first and the latest included, volume never decreasing', async () => {
    const market = await insertMarket(suite.db, { question: '101 points?', category: 'misc', outcomes: ['Y', 'N'] });
    const seeded = await insertPriceHistory(suite.db, market.id, { count: 101, start: new Date(start) });
    const { body } = await getJson<DetailBody>(`${app.url}/api/markets/${market.id}?history=true`);
    const history = body.priceHistory!;
    expect(history).toHaveLength(100);
    expect(history[0]).toEqual(historyPoint(seeded[0]!));
    expect(history.at(-1)).toEqual(historyPoint(seeded[100]!));
    expectDownsampledFrom(history, seeded);
  });

  it('adds the latest 20 trades newest first, or trades_limit of them (up to 100)', async () => {
    const { body } = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}?trades=true`);
    const trades = body.recentTrades!;
    expect(trades.map((trade) => trade.id)).toEqual(tradeIds.slice(-20).reverse());
    expect(trades[0]).toEqual({
      id: tradeIds[129],
      side: 'NO',
      amount: 379,
      price: 0.6,
      timestamp: new Date(start + 129_000).toISOString(),
      outcomeIndex: 1,
      action: 'sell',
    });
    expect(trades[1]).toMatchObject({ id: tradeIds[128], side: 'YES', outcomeIndex: 0, action: 'buy', amount: 378 });
    expect(body._meta).toMatchObject({ includes: { history: false, trades: true, tradesCount: 20 } });
    const five = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}?trades=true&trades_limit=5`);
    expect(five.body.recentTrades).toHaveLength(5);
    const hundred = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}?trades=true&trades_limit=100`);
    expect(hundred.body.recentTrades).toHaveLength(100);
    expect(hundred.body._meta).toMatchObject({ includes: { tradesCount: 100 } });
  });

  it('ignores trades_limit without trades=true, and combines history and trades', async () => {
    const limitOnly = await getJson<DetailBody>(`${app.url}/api/markets/${binary.id}?trades_limit=5`);
    expect(limitOnly.body).not.toHaveProperty('recentTrades');
    const both = await getJson<DetailBody>(
      `${app.url}/api/markets/${binary.id}?history=true&trades=true&trades_limit=3`,
    );
    expect(both.body.recentTrades).toHaveLength(3);
    expect(both.body.priceHistory!.length).toBeGreaterThan(0);
    expect(both.body._meta).toMatchObject({ includes: { history: true, trades: true, tradesCount: 3 } });
  });

  it.each([
    ['history=yes', 'history'],
    ['trades=2', 'trades'],
    ['trades=true&trades_limit=101', 'trades_limit'],
    ['trades=true&trades_limit=0', 'trades_limit'],
    ['expand=all', 'expand'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/markets/${binary.id}?${query}`, name),
  );

  it('answers 404 with a body carrying only error for an unknown market', async () => {
    const { status, body } = await getJson(`${app.url}/api/markets/00000000-0000-4000-8000-000000000000?history=true`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found' });
  });
});
