import { listMarketActivity } from '#shared/db/markets/market-lists.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { usdcAtomicToCents } from '#shared/domain/units.js';
import { rankTrending, timeframeMillis, type RecentMetrics } from '../domain/trending-score.js';
import type { TrendingQuery } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

export interface TrendingMarket {
  market: Market;
  trendingScore: number;
  trendingRank: number;
  recentMetrics: RecentMetrics;
}

/** Active markets traded in the timeframe, ranked by trending score (see domain/trending-score.ts). */
export async function listTrendingMarkets(context: ReadContext, query: TrendingQuery): Promise<TrendingMarket[]> {
  const since = new Date(context.now().getTime() - timeframeMillis[query.timeframe]);
  const activity = await listMarketActivity(context.db, {
    since,
    ...(query.category !== undefined ? { category: query.category } : {}),
    ...(query.minVolume !== undefined ? { minTotalVolumeCents: query.minVolume } : {}),
  });
  const ranked = rankTrending(
    activity.map((entry) => ({
      id: entry.market.id,
      market: entry.market,
      metrics: {
        tradeCount: entry.tradeCount,
        volume: Number(usdcAtomicToCents(entry.volumeAtomic)),
        uniqueTraders: entry.uniqueTraders,
      },
    })),
    query.limit,
  );
  return ranked.map(({ item, trendingScore, trendingRank }) => ({
    market: item.market,
    trendingScore,
    trendingRank,
    recentMetrics: item.metrics,
  }));
}
