import { findMarketById } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { listPriceHistory, type PricePoint } from '#shared/db/price-points/price-points.repository.js';
import { listRecentTrades, type RecentTrade } from '#shared/db/market-trades/market-trades.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { MarketDetailQuery } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

/** Price history is downsampled to at most this many points. */
export const MAX_HISTORY_POINTS = 100;

export interface MarketDetail {
  market: Market;
  /** Present when asked for (`history`): at most MAX_HISTORY_POINTS points. */
  priceHistory?: PricePoint[];
  /** Present when asked for (`trades`): the latest `trades_limit` trades. */
  recentTrades?: RecentTrade[];
}

/** A market with, on request, its price history (≤ 100 points) and its latest trades (≤ trades_limit). */
export async function getMarketDetail(
  context: ReadContext,
  marketId: string,
  query: MarketDetailQuery,
): Promise<MarketDetail> {
  const [market, points, trades] = await Promise.all([
    findMarketById(context.db, marketId),
    query.history ? listPriceHistory(context.db, marketId, MAX_HISTORY_POINTS) : undefined,
    query.trades ? listRecentTrades(context.db, marketId, query.trades_limit) : undefined,
  ]);
  if (!market) throw new AppError('NOT_FOUND', { detail: `Market ${marketId} does not exist.` });
  return {
    market,
    ...(points ? { priceHistory: points } : {}),
    ...(trades ? { recentTrades: trades } : {}),
  };
}
