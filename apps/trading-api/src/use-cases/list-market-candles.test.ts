import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { insertMarketWithIndexedTrades } from '#tooling/testing/indexed-trades-fixture.js';
import { appErrorOf } from '#tooling/testing/app-error-rejection.js';
import type { Candle } from '../domain/candles.js';
import { listMarketCandles, type ListCandlesCommand } from './list-market-candles.use-case.js';

const WAD = 10n ** 18n;
const percent = (value: number) => (BigInt(value) * WAD) / 100n;
const minute = 60_000;
const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const now = new Date(t0 + 6 * minute + 30_000); // inside the 7th minute
let test: TestDatabase;
let marketId: string;

// Outcome 0 moves 50 → 55 → 48 → 52 in minute 0, nothing in minutes 1–2, → 60 in minute 3, → 40 in minute 5.
const trades = [
  { seconds: 5, yes: 55, usdc: 2_000_000n },
  { seconds: 20, yes: 48, usdc: 500_000n },
  { seconds: 59, yes: 52, usdc: 1_000_000n },
  { seconds: 185, yes: 60, usdc: 7n },
  { seconds: 330, yes: 40, usdc: 3n },
];

beforeAll(async () => {
  test = await createTestDatabase();
  marketId = await insertMarketWithIndexedTrades(
    test.db,
    trades.map(({ seconds, yes, usdc }) => ({ at: new Date(t0 + seconds * 1000), yes: percent(yes), usdc })),
  );
});
afterAll(() => test.destroy());

const candles = (command: Partial<ListCandlesCommand>) =>
  listMarketCandles({ db: test.db, now: () => now }, { marketId, outcomeIndex: 0, interval: '1m', ...command });
const row = (c: Candle) => [(c.start.getTime() - t0) / minute, c.open, c.high, c.low, c.close, c.volume, c.tradeCount];

describe('an outcome’s candles', () => {
  it('match a hand computation: first interval opens at its first trade, empty ones carry the close, up to now', async () => {
    const page = await candles({});
    expect(page.items.map(row)).toEqual([
      [0, percent(55), percent(55), percent(48), percent(52), 3_500_000n, 3],
      [1, percent(52), percent(52), percent(52), percent(52), 0n, 0],
      [2, percent(52), percent(52), percent(52), percent(52), 0n, 0],
      [3, percent(52), percent(60), percent(52), percent(60), 7n, 1],
      [4, percent(60), percent(60), percent(60), percent(60), 0n, 0],
      [5, percent(60), percent(60), percent(40), percent(40), 3n, 1],
      [6, percent(40), percent(40), percent(40), percent(40), 0n, 0],
    ]);
    expect(page).toMatchObject({ hasMore: false, nextStart: null });
  });

  it('serve the other outcome as its complement, and wider intervals over the same trades', async () => {
    const [no] = (await candles({ outcomeIndex: 1 })).items;
    expect(no && row(no)).toEqual([0, percent(45), percent(52), percent(45), percent(48), 3_500_000n, 3]);
    const fiveMinutes = await candles({ interval: '5m' });
    expect(fiveMinutes.items.map(row)).toEqual([
      [0, percent(55), percent(60), percent(48), percent(60), 3_500_007n, 4],
      [5, percent(60), percent(60), percent(40), percent(40), 3n, 1],
    ]);
  });

  it('page across intervals with the next start, the same candles as one page', async () => {
    const whole = (await candles({})).items.map(row);
    const first = await candles({ limit: 3 });
    expect(first).toMatchObject({ limit: 3, hasMore: true, nextStart: new Date(t0 + 3 * minute) });
    const second = await candles({ limit: 3, start: first.nextStart ?? undefined });
    expect(second).toMatchObject({ hasMore: true, nextStart: new Date(t0 + 6 * minute) });
    const third = await candles({ limit: 3, start: second.nextStart ?? undefined });
    expect(third).toMatchObject({ hasMore: false, nextStart: null });
    expect([...first.items, ...second.items, ...third.items].map(row)).toEqual(whole);
  });

  it('honour from and to, never serving intervals before the first trade', async () => {
    const window = await candles({ from: new Date(t0 + 2 * minute + 10), to: new Date(t0 + 4 * minute) });
    expect(window.items.map((c) => row(c)[0])).toEqual([2, 3]);
    expect(window.items[0]?.open).toBe(percent(52));
    const early = await candles({ from: new Date(t0 - 60 * minute), to: new Date(t0 + minute) });
    expect(early.items.map((c) => row(c)[0])).toEqual([0]);
    expect((await candles({ to: new Date(t0 - minute) })).items).toEqual([]);
  });

  it('end at the current interval when to is in the future, serving no interval that has not begun', async () => {
    const ahead = await candles({ from: new Date(t0 + 5 * minute), to: new Date(t0 + 24 * 60 * minute) });
    expect(ahead.items.map((c) => row(c)[0])).toEqual([5, 6]);
    expect(ahead).toMatchObject({ hasMore: false, nextStart: null });
    expect((await candles({ from: new Date(t0 + 60 * minute), to: new Date(t0 + 120 * minute) })).items).toEqual([]);
  });

  it('answer an empty list for a market without trades, 404 for an unknown one, 400 for bad outcome and window', async () => {
    const quiet = await insertMarketWithIndexedTrades(test.db, []);
    expect((await candles({ marketId: quiet })).items).toEqual([]);
    expect((await appErrorOf(candles({ marketId: randomUUID() }))).code).toBe('RESOURCE_NOT_FOUND');
    expect(await appErrorOf(candles({ outcomeIndex: 2 }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { field: 'outcomeIndex' },
    });
    expect(await appErrorOf(candles({ from: now, to: now }))).toMatchObject({ extensions: { field: 'from' } });
  });
});
