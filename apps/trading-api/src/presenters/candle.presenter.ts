import { wadToDecimalString } from '#shared/db/column-values.js';
import type { Candle } from '../domain/candles.js';

/** A Candle (components/market-schemas.yaml): probabilities as 18-decimal strings, volume in USDC atomic-6. */
export function presentCandle(candle: Candle) {
  return {
    start: candle.start.toISOString(),
    open: wadToDecimalString(candle.open),
    high: wadToDecimalString(candle.high),
    low: wadToDecimalString(candle.low),
    close: wadToDecimalString(candle.close),
    volume: candle.volume.toString(),
    tradeCount: candle.tradeCount,
  };
}
