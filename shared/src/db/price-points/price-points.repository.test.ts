import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { insertMarketWithIndexedTrades } from '#tooling/testing/indexed-trades-fixture.js';
import {
  findFirstPricePointTime,
  findOutcomeProbabilityBefore,
  listOutcomeIntervals,
} from './price-points.repository.js';

const WAD = 10n ** 18n;
const percent = (value: number) => (BigInt(value) * WAD) / 100n;
const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.destroy());

const marketWithTrades = (trades: Array<{ seconds: number; yes: number; usdc: bigint }>) =>
  insertMarketWithIndexedTrades(
    test.db,
    trades.map(({ seconds, yes, usdc }) => ({ at: new Date(t0 + seconds * 1000), yes: percent(yes), usdc })),
  );

describe('price points per interval', () => {
  it('sums each interval in the database: first, high, low and last in time order, volume and trade count', async () => {
    const marketId = await marketWithTrades([
      { seconds: 5, yes: 55, usdc: 2_000_000n },
      { seconds: 20, yes: 48, usdc: 500_000n },
      { seconds: 59, yes: 52, usdc: 1_000_000n },
      { seconds: 185, yes: 60, usdc: 7n },
    ]);
    const query = { marketId, intervalSeconds: 60, from: new Date(t0), to: new Date(t0 + 600_000) };
    const first = t0 / 60_000;
    expect(await listOutcomeIntervals(test.db, { ...query, outcomeIndex: 0 })).toEqual([
      {
        index: first,
        first: percent(55),
        high: percent(55),
        low: percent(48),
        last: percent(52),
        volume: 3_500_000n,
        tradeCount: 3,
      },
      {
        index: first + 3,
        first: percent(60),
        high: percent(60),
        low: percent(60),
        last: percent(60),
        volume: 7n,
        tradeCount: 1,
      },
    ]);
    const [no] = await listOutcomeIntervals(test.db, { ...query, outcomeIndex: 1 });
    expect(no).toMatchObject({ first: percent(45), high: percent(52), low: percent(45), last: percent(48) });
    const window = { ...query, outcomeIndex: 0, from: new Date(t0 + 60_000), to: new Date(t0 + 180_000) };
    expect(await listOutcomeIntervals(test.db, window)).toEqual([]);
  });

  it('finds the probability after the last trade before a time, and the first trade time', async () => {
    const marketId = await marketWithTrades([
      { seconds: 10, yes: 30, usdc: 1n },
      { seconds: 70, yes: 35, usdc: 1n },
    ]);
    const before = (seconds: number) =>
      findOutcomeProbabilityBefore(test.db, { marketId, outcomeIndex: 1, before: new Date(t0 + seconds * 1000) });
    expect(await before(10)).toBeNull();
    expect(await before(11)).toBe(percent(70));
    expect(await before(3600)).toBe(percent(65));
    expect(await findFirstPricePointTime(test.db, marketId)).toEqual(new Date(t0 + 10_000));
    expect(await findFirstPricePointTime(test.db, randomUUID())).toBeNull();
  });
});
