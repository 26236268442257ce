import type { Market } from '#shared/db/markets/market-rows.js';
import { quoteMarketStatus } from '#shared/domain/market-status.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The Market resource of the trading API (see components/market-schemas.yaml). */
export function presentMarket(market: Market) {
  return {
    id: market.id,
    question: market.question,
    description: market.description,
    category: market.category,
    tags: market.tags,
    status: quoteMarketStatus(market.status),
    outcomes: market.outcomes.map((label, outcomeIndex) => ({
      outcomeIndex,
      label,
      probability: market.currentProbabilities?.[outcomeIndex] ?? null,
      price: market.currentPrices?.[outcomeIndex] ?? null,
    })),
    threadId: market.threadId,
    chapterId: market.chapterId,
    organizationId: market.organizationId,
    partnerId: market.partnerId,
    contractAddress: market.contractAddress,
    chainId: market.chainId,
    endTime: iso(market.endTime),
    resolvedAt: iso(market.resolveTime),
    winningOutcomes: market.winningOutcomes,
    featured: market.featured,
    volume: {
      totalUsdc: market.totalVolumeAtomic.toString(),
      tradeCount: market.tradeCount,
      uniqueTraders: market.uniqueTraders,
    },
    createdAt: market.createdAt.toISOString(),
    updatedAt: market.updatedAt.toISOString(),
  };
}
