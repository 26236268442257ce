/*
 * Response bodies of the market routes, from the use cases' domain results: items, `pagination` and `_meta`.
 * `_meta.requestedAt` and `_meta.authenticated` are refreshed on every response by the response cache.
 */
import type { Market } from '#shared/db/markets/market-rows.js';
import type { OffsetPage } from '#shared/domain/paging.js';
import type { TrendingTimeframe } from '../openapi/operation-types.js';
import type { MarketDetail } from '../use-cases/get-market-detail.use-case.js';
import type { TrendingMarket } from '../use-cases/list-trending-markets.use-case.js';
import { toMarketPriceHistoryPoint, toPriceHistoryPoint, toRecentTradeItem } from './activity.presenter.js';
import {
  toMarketDetailView,
  toMarketListItem,
  toOrganizationMarketItem,
  toThreadMarketItem,
} from './market.presenter.js';
import { toPagination } from './pagination.presenter.js';
import { readMeta, type ReadFacts } from './read-facts.presenter.js';

/** GET /api/markets. */
export function presentMarketList(page: OffsetPage<Market>) {
  return { markets: page.items.map(toMarketListItem), pagination: toPagination(page) };
}

/** GET /api/organizations/{id}/markets. */
export function presentOrganizationMarkets(page: OffsetPage<Market>, organizationId: string, requestedAt: Date) {
  return {
    markets: page.items.map(toOrganizationMarketItem),
    pagination: toPagination(page),
    _meta: { organizationId, requestedAt: requestedAt.toISOString() },
  };
}

/** GET /api/threads/{id}/markets. */
export function presentThreadMarkets(page: OffsetPage<Market>, facts: ReadFacts) {
  return { markets: page.items.map(toThreadMarketItem), pagination: toPagination(page), _meta: readMeta(facts) };
}

/** GET /api/markets/featured. */
export function presentFeaturedMarkets(markets: readonly Market[]) {
  return {
    markets: markets.map((market) => ({ ...toMarketListItem(market), featured: market.featured })),
    _meta: { count: markets.length },
  };
}

/** GET /api/markets/trending. */
export function presentTrendingMarkets(trending: readonly TrendingMarket[], timeframe: TrendingTimeframe) {
  return {
    markets: trending.map(({ market, trendingScore, trendingRank, recentMetrics }) => ({
      ...toMarketListItem(market),
      trendingScore,
      trendingRank,
      recentMetrics,
    })),
    timeframe: { trending: timeframe },
  };
}

/** GET /api/markets/{id}: the history appears twice (in `market` with Unix-ms times, at the top with ISO times). */
export function presentMarketDetail(detail: MarketDetail, requestedAt: Date) {
  const { priceHistory: points, recentTrades: trades } = detail;
  const recentTrades = trades?.map(toRecentTradeItem);
  return {
    market: {
      ...toMarketDetailView(detail.market),
      ...(points ? { priceHistory: points.map(toMarketPriceHistoryPoint) } : {}),
    },
    ...(points ? { priceHistory: points.map(toPriceHistoryPoint) } : {}),
    ...(recentTrades ? { recentTrades } : {}),
    _meta: {
      requestedAt: requestedAt.toISOString(),
      includes: {
        history: points !== undefined,
        trades: recentTrades !== undefined,
        tradesCount: recentTrades?.length ?? 0,
      },
    },
  };
}
