/*
 * Candles of one outcome's probability (issue 31, GET /v1/markets/{id}/candles): the market's price points cut into
 * UTC-aligned intervals. An AMM's price moves only at a point, so an interval opens at the previous close (at the
 * probability after its first trade when the market had no trade before), high and low include the open, and it
 * closes after its last trade. Volume and tradeCount count the market's trades there (every trade moves every
 * outcome's price). An interval without a trade carries the previous close with volume 0; intervals before the
 * market's first trade are not served. Pure: the repository sums the intervals, the presenter writes decimal strings.
 */

/** Interval lengths in milliseconds; every interval starts at a multiple of its length since the Unix epoch (UTC). */
export const CANDLE_INTERVALS = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
} as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

/** What the market's trades did to the outcome's probability (WAD-18) inside one interval, in time order. */
export interface IntervalActivity {
  start: Date;
  /** After the interval's first trade. */
  first: bigint;
  high: bigint;
  low: bigint;
  /** After its last trade. */
  last: bigint;
  /** USDC atomic-6 traded. */
  volume: bigint;
  tradeCount: number;
}

export interface Candle {
  start: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  tradeCount: number;
}

/** The start of the interval holding `at`. */
export function intervalStart(at: Date, intervalMs: number): Date {
  const ms = at.getTime();
  return new Date(ms - (((ms % intervalMs) + intervalMs) % intervalMs));
}

export interface CandleWindow {
  intervalMs: number;
  /** The first interval's start (aligned). */
  from: Date;
  /** How many intervals, at most. */
  count: number;
  /** The probability after the last trade before `from`, or null when the market had none. */
  previousClose: bigint | null;
}

/** The window's candles from `activity` (ascending, inside the window); empty leading intervals are left out. */
export function buildCandles(activity: readonly IntervalActivity[], window: CandleWindow): Candle[] {
  const byStart = new Map(activity.map((interval) => [interval.start.getTime(), interval]));
  const candles: Candle[] = [];
  let close = window.previousClose;
  for (let index = 0; index < window.count; index += 1) {
    const start = window.from.getTime() + index * window.intervalMs;
    const traded = byStart.get(start);
    if (traded) {
      const open = close ?? traded.first;
      const { high, low, last, volume, tradeCount } = traded;
      candles.push({
        start: traded.start,
        open,
        high: max(open, high),
        low: min(open, low),
        close: last,
        volume,
        tradeCount,
      });
      close = last;
    } else if (close !== null) {
      candles.push({ start: new Date(start), open: close, high: close, low: close, close, volume: 0n, tradeCount: 0 });
    }
  }
  return candles;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
