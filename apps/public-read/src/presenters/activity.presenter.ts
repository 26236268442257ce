/* Pure mapping of indexed chain activity (price points, trades) to the market detail's history and trade items. */
import type { PricePoint } from '#shared/db/price-points/price-points.repository.js';
import type { RecentTrade } from '#shared/db/market-trades/market-trades.repository.js';
import type { PublicSchemas } from '../openapi/operation-types.js';
import { atomicToCents, wadFraction } from './wad.js';

/** `market.priceHistory` item: the top-level point with a Unix-millisecond timestamp. */
type MarketPriceHistoryPoint = NonNullable<PublicSchemas['MarketDetail']['priceHistory']>[number];

const firstOr = (values: readonly string[], fallback: string): string => values[0] ?? fallback;

export function toPriceHistoryPoint(point: PricePoint): PublicSchemas['PriceHistoryPoint'] {
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

export function toRecentTradeItem(trade: RecentTrade): PublicSchemas['RecentTrade'] {
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
