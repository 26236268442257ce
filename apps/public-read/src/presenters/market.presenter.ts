/*
 * Pure mapping of stored markets to the public JSON items (spec/public-read-api.md, "Market"): volumes in cents,
 * market endTime in Unix ms, probabilities and prices as 0..1 numbers from the WAD-18 strings, status in the list
 * form (lower case) except on the detail (stored form).
 */
import { marketListStatus } from '#shared/domain/market-status.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import type { PublicSchemas } from '../openapi/operation-types.js';
import { unixMillis, wadComplement, wadFraction } from './wad.js';

/** Outcome 0's probability (YES on binary markets, null before the indexer has seen the market) and prices. */
export type MarketPrices = Pick<PublicSchemas['MarketListItem'], 'probability' | 'yesPrice' | 'noPrice'>;

/**
 * Probability = outcome 0's capital share; yesPrice = outcome 0's marginal price (the probability while the indexer
 * has recorded no prices); noPrice = 1 − yesPrice (the NO outcome's price on a binary market).
 */
export function marketPrices(market: Market): MarketPrices {
  const probabilityWad = market.currentProbabilities?.[0];
  const probability = probabilityWad !== undefined ? wadFraction(probabilityWad) : market.currentProbability;
  const yesWad = market.currentPrices?.[0] ?? probabilityWad;
  if (yesWad !== undefined) return { probability, yesPrice: wadFraction(yesWad), noPrice: wadComplement(yesWad) };
  return { probability, yesPrice: probability, noPrice: probability === null ? null : 1 - probability };
}

export function toMarketListItem(market: Market): PublicSchemas['MarketListItem'] {
  return {
    id: market.id,
    question: market.question,
    description: market.description,
    ...marketPrices(market),
    totalVolume: market.totalVolumeCents,
    tradeCount: market.tradeCount,
    status: marketListStatus(market.status),
    endTime: unixMillis(market.endTime),
    category: market.category,
    createdAt: market.createdAt.toISOString(),
    sourceSocialPostUrl: market.sourceSocialPostUrl,
  };
}

export function toThreadMarketItem(market: Market): PublicSchemas['ThreadMarketItem'] {
  const { probability, sourceSocialPostUrl: _source, ...item } = toMarketListItem(market);
  return { ...item, currentProbability: probability, tags: market.tags };
}

export function toOrganizationMarketItem(market: Market): PublicSchemas['OrganizationMarketItem'] {
  const item = toMarketListItem(market);
  return {
    id: item.id,
    question: item.question,
    probability: item.probability,
    totalVolume: item.totalVolume,
    status: item.status,
    endTime: item.endTime,
    category: item.category,
    createdAt: item.createdAt,
  };
}

export function toMarketDetailView(market: Market): PublicSchemas['MarketDetail'] {
  return {
    ...toMarketListItem(market),
    status: market.status,
    tags: market.tags,
    outcomes: market.outcomes.map((label, outcomeIndex) => {
      const probability = market.currentProbabilities?.[outcomeIndex];
      const price = market.currentPrices?.[outcomeIndex] ?? probability;
      return {
        outcomeIndex,
        label,
        probability: probability === undefined ? null : wadFraction(probability),
        price: price === undefined ? null : wadFraction(price),
      };
    }),
  };
}
