import { listMarketActivity } from '../../../../shared/src/db/index.js';
import { rankTrending, timeframeMillis, type RecentMetrics } from '../domain/trending-score.js';
import type { TrendingQuery, TrendingTimeframe } from '../schemas/market-queries.schema.js';
import { toMarketListItem, type MarketListItem } from '../views/market-views.js';
import { atomicToCents } from '../views/wad.js';
import type { ReadContext } from './read-context.js';

export interface TrendingMarketItem extends MarketListItem {
  trendingScore: number;
  trendingRank: number;
  recentMetrics: RecentMetrics;
}

export interface TrendingResult {
  markets: TrendingMarketItem[];
  timeframe: { trending: TrendingTimeframe };
}

/** Active markets traded in the timeframe, ranked by trending score (see domain/trending-score.ts). */
export async function listTrendingMarkets(context: ReadContext, query: TrendingQuery): Promise<TrendingResult> {
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
        volume: atomicToCents(entry.volumeAtomic),
        uniqueTraders: entry.uniqueTraders,
      },
    })),
    query.limit,
  );
  return {
    markets: ranked.map(({ item, trendingScore, trendingRank }) => ({
      ...toMarketListItem(item.market),
      trendingScore,
      trendingRank,
      recentMetrics: item.metrics,
    })),
    timeframe: { trending: query.timeframe },
  };
}
