import { describe, expect, it } from '@jest/globals';
import { buildCandles, CANDLE_INTERVALS, type IntervalActivity, intervalStart } from './candles.js';

const WAD = 10n ** 18n;
const p = (percent: number) => (BigInt(percent) * WAD) / 100n;
const minute = CANDLE_INTERVALS['1m'];
const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const at = (ms: number) => new Date(t0 + ms);
const traded = (
  minutes: number,
  [first, high, low, last]: number[],
  volume: bigint,
  tradeCount = 1,
): IntervalActivity => ({
  start: at(minutes * minute),
  first: p(first ?? 0),
  high: p(high ?? 0),
  low: p(low ?? 0),
  last: p(last ?? 0),
  volume,
  tradeCount,
});
const rows = (candles: ReturnType<typeof buildCandles>) =>
  candles.map((c) => [(c.start.getTime() - t0) / minute, c.open, c.high, c.low, c.close, c.volume, c.tradeCount]);

describe('candles of an outcome probability', () => {
  it('aligns every interval to a multiple of its length since the epoch (UTC days for 1d)', () => {
    expect(intervalStart(at(4 * minute + 59_999), minute)).toEqual(at(4 * minute));
    expect(intervalStart(at(7 * minute), CANDLE_INTERVALS['5m'])).toEqual(at(5 * minute));
    expect(intervalStart(new Date(Date.UTC(2026, 10, 27, 23, 59)), CANDLE_INTERVALS['1d'])).toEqual(
      new Date(Date.UTC(2026, 10, 27)),
    );
  });

  it('opens at the previous close, takes high and low over the open too, closes after the last trade', () => {
    const activity = [traded(0, [55, 55, 48, 52], 3_500_000n, 3), traded(1, [49, 49, 45, 46], 10n)];
    expect(rows(buildCandles(activity, { intervalMs: minute, from: at(0), count: 2, previousClose: p(50) }))).toEqual([
      [0, p(50), p(55), p(48), p(52), 3_500_000n, 3],
      [1, p(52), p(52), p(45), p(46), 10n, 1],
    ]);
  });

  it('carries the previous close through intervals without a trade, with volume 0', () => {
    const activity = [traded(0, [60, 60, 60, 60], 1_000_000n), traded(3, [58, 58, 58, 58], 250_000n)];
    expect(rows(buildCandles(activity, { intervalMs: minute, from: at(0), count: 5, previousClose: p(50) }))).toEqual([
      [0, p(50), p(60), p(50), p(60), 1_000_000n, 1],
      [1, p(60), p(60), p(60), p(60), 0n, 0],
      [2, p(60), p(60), p(60), p(60), 0n, 0],
      [3, p(60), p(60), p(58), p(58), 250_000n, 1],
      [4, p(58), p(58), p(58), p(58), 0n, 0],
    ]);
  });

  it('leaves out the intervals before the first trade of a market, and opens that one after its first trade', () => {
    const activity = [traded(2, [40, 44, 40, 42], 100n, 2)];
    expect(rows(buildCandles(activity, { intervalMs: minute, from: at(0), count: 4, previousClose: null }))).toEqual([
      [2, p(40), p(44), p(40), p(42), 100n, 2],
      [3, p(42), p(42), p(42), p(42), 0n, 0],
    ]);
  });
});
