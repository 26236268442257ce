/* Pure mapping of indexed chain activity (price points, trades) to the market detail's history and trade items. */
import type { PricePoint } from '#shared/db/price-points/price-points.repository.js';
import type { RecentTrade } from '#shared/db/market-trades/market-trades.repository.js';
import { atomicToCents, wadFraction } from './wad.js';

/** Top-level `priceHistory` item: ISO timestamp; price and probability of outcome 0; cumulative volume in cents. */
export interface PriceHistoryPoint {
  timestamp: string;
  price: number;
  probability: number;
  volume: number;
}

/** `market.priceHistory` item: the same point with a Unix-millisecond timestamp. */
export interface MarketPriceHistoryPoint extends Omit<PriceHistoryPoint, 'timestamp'> {
  timestamp: number;
}

export interface RecentTradeItem {
  id: string;
  /** The outcome traded: YES = outcome 0, NO = any other (binary: outcome 1). */
  side: 'YES' | 'NO';
  /** USDC paid (buy) or received (sell), in cents. */
  amount: number;
  /** Average price per token, 0..1. */
  price: number;
  timestamp: string;
  outcomeIndex: number;
  action: 'buy' | 'sell';
}

const firstOr = (values: readonly string[], fallback: string): string => values[0] ?? fallback;

export function toPriceHistoryPoint(point: PricePoint): PriceHistoryPoint {
  return {
    timestamp: point.recordedAt.toISOString(),
    price: wadFraction(firstOr(point.prices, '0')),
    probability: wadFraction(firstOr(point.probabilities, '0')),
    volume: atomicToCents(point.cumulativeVolumeAtomic),
  };
}

export function toMarketPriceHistoryPoint(point: PricePoint): MarketPriceHistoryPoint {
  return { ...toPriceHistoryPoint(point), timestamp: point.recordedAt.getTime() };
}

export function toRecentTradeItem(trade: RecentTrade): RecentTradeItem {
  return {
    id: trade.id,
    side: trade.outcomeIndex === 0 ? 'YES' : 'NO',
    amount: atomicToCents(trade.usdcAtomic),
    price: wadFraction(trade.price),
    timestamp: trade.blockTime.toISOString(),
    outcomeIndex: trade.outcomeIndex,
    action: trade.side,
  };
}
