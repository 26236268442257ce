import { findMarketById, listPriceHistory, listRecentTrades } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { MarketDetailQuery } from '../schemas/market-queries.schema.js';
import {
  toMarketPriceHistoryPoint,
  toPriceHistoryPoint,
  toRecentTradeItem,
  type MarketPriceHistoryPoint,
  type PriceHistoryPoint,
  type RecentTradeItem,
} from '../views/activity-views.js';
import { toMarketDetailView, type MarketDetailView } from '../views/market-views.js';
import type { ReadContext } from './read-context.js';

/** Price history is downsampled to at most this many points. */
export const MAX_HISTORY_POINTS = 100;

export interface MarketDetailResult {
  market: MarketDetailView & { priceHistory?: MarketPriceHistoryPoint[] };
  priceHistory?: PriceHistoryPoint[];
  recentTrades?: RecentTradeItem[];
  _meta: { requestedAt: string; includes: { history: boolean; trades: boolean; tradesCount: number } };
}

/** A market with, on request, its price history (≤ 100 points) and its latest trades (≤ trades_limit). */
export async function getMarketDetail(
  context: ReadContext,
  marketId: string,
  query: MarketDetailQuery,
): Promise<MarketDetailResult> {
  const requestedAt = context.now().toISOString();
  const [market, points, trades] = await Promise.all([
    findMarketById(context.db, marketId),
    query.history ? listPriceHistory(context.db, marketId, MAX_HISTORY_POINTS) : undefined,
    query.trades ? listRecentTrades(context.db, marketId, query.trades_limit) : undefined,
  ]);
  if (!market) throw new AppError('NOT_FOUND', { detail: `Market ${marketId} does not exist.` });
  const recentTrades = trades?.map(toRecentTradeItem);
  return {
    market: {
      ...toMarketDetailView(market),
      ...(points ? { priceHistory: points.map(toMarketPriceHistoryPoint) } : {}),
    },
    ...(points ? { priceHistory: points.map(toPriceHistoryPoint) } : {}),
    ...(recentTrades ? { recentTrades } : {}),
    _meta: {
      requestedAt,
      includes: { history: query.history, trades: query.trades, tradesCount: recentTrades?.length ?? 0 },
    },
  };
}
