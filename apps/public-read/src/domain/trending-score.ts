/**
 * Trending: a market's activity over the timeframe (1d, 7d or 30d) scored as
 *
 *   trendingScore = ln(1 + tradeCount) + ln(1 + volumeUsd) + 3 · ln(1 + uniqueTraders)
 *
 * rounded to 4 decimals. Logarithms keep one whale or one bot from dominating (doubling the volume adds ln 2, not
 * twice the score); distinct traders weigh triple because wash trading from one account inflates trades and volume
 * but not them. Ties rank by recent volume, then by market id, so ranks are deterministic; ranks are 1..n.
 */
export interface RecentMetrics {
  tradeCount: number;
  /** USDC traded in the timeframe, in cents. */
  volume: number;
  uniqueTraders: number;
}

export const timeframeMillis = { '1d': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;

export function trendingScore(metrics: RecentMetrics): number {
  const raw = Math.log1p(metrics.tradeCount) + Math.log1p(metrics.volume / 100) + 3 * Math.log1p(metrics.uniqueTraders);
  return Math.round(raw * 10_000) / 10_000;
}

export interface Ranked<T> {
  item: T;
  trendingScore: number;
  trendingRank: number;
}

/** Scores, orders and ranks `items` (1 = most trending), keeping the first `limit`. */
export function rankTrending<T extends { id: string; metrics: RecentMetrics }>(
  items: readonly T[],
  limit: number,
): Array<Ranked<T>> {
  return items
    .map((item) => ({ item, trendingScore: trendingScore(item.metrics) }))
    .sort(
      (a, b) =>
        b.trendingScore - a.trendingScore ||
        b.item.metrics.volume - a.item.metrics.volume ||
        (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0),
    )
    .slice(0, limit)
    .map((scored, index) => ({ ...scored, trendingRank: index + 1 }));
}
