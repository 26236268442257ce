/* The markets row as the code reads it (Market) and what an insert takes. No knex here. */
import type { Address } from 'viem';
import {
  toAddressOrNull,
  toBigInt,
  toBoolean,
  toDate,
  toDateOrNull,
  toDecimalNumberOrNull,
  toInt,
  toIntOrNull,
  toOneOf,
  toStringOrNull,
} from '../column-values.js';
import { marketStates, type MarketState } from '../../domain/market-status.js';
import { parseJsonColumn, type Row } from '../transaction.js';

export interface Market {
  id: string;
  threadId: string | null;
  chapterId: string | null;
  organizationId: string | null;
  partnerId: string | null;
  question: string;
  description: string;
  category: string;
  tags: string[];
  status: MarketState;
  /** Outcome labels; index = outcomeIndex (binary: 0 = YES, 1 = NO). */
  outcomes: string[];
  contractAddress: Address | null;
  chainId: number | null;
  endTime: Date | null;
  resolveTime: Date | null;
  winningOutcomes: number[] | null;
  sourceSocialPostUrl: string | null;
  featured: boolean;
  totalVolumeCents: number;
  /** USDC atomic units (6 decimals). */
  totalVolumeAtomic: bigint;
  tradeCount: number;
  uniqueTraders: number;
  /** Per outcome, WAD-18 decimal strings summing to 1e18 (capital shares = implied chance). */
  currentProbabilities: string[] | null;
  /** Per outcome, WAD-18 decimal strings summing to 1e18 (normalised marginal prices). */
  currentPrices: string[] | null;
  /** Outcome 0's probability as a 0..1 number (display and sorting only). */
  currentProbability: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewMarket {
  id?: string;
  threadId?: string | null;
  chapterId?: string | null;
  organizationId?: string | null;
  partnerId?: string | null;
  question: string;
  description?: string;
  category: string;
  tags?: string[];
  status?: MarketState;
  outcomes: string[];
  contractAddress?: string | null;
  chainId?: number | null;
  endTime?: Date | null;
  resolveTime?: Date | null;
  winningOutcomes?: number[] | null;
  sourceSocialPostUrl?: string | null;
  featured?: boolean;
  currentProbabilities?: string[] | null;
  currentPrices?: string[] | null;
}

function parseNullableJson<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : parseJsonColumn<T>(value);
}

/** A `markets` row (SELECT *) as a Market. */
export function toMarket(row: Row): Market {
  return {
    id: String(row.id),
    threadId: toStringOrNull(row.thread_id),
    chapterId: toStringOrNull(row.chapter_id),
    organizationId: toStringOrNull(row.organization_id),
    partnerId: toStringOrNull(row.partner_id),
    question: String(row.question),
    description: String(row.description),
    category: String(row.category),
    tags: parseJsonColumn<string[]>(row.tags),
    status: toOneOf(marketStates, row.status, 'markets.status'),
    outcomes: parseJsonColumn<string[]>(row.outcomes),
    contractAddress: toAddressOrNull(row.contract_address, 'markets.contract_address'),
    chainId: toIntOrNull(row.chain_id),
    endTime: toDateOrNull(row.end_time),
    resolveTime: toDateOrNull(row.resolve_time),
    winningOutcomes: parseNullableJson<number[]>(row.winning_outcomes),
    sourceSocialPostUrl: toStringOrNull(row.source_social_post_url),
    featured: toBoolean(row.featured),
    totalVolumeCents: toInt(row.total_volume_cents),
    totalVolumeAtomic: toBigInt(row.total_volume_atomic),
    tradeCount: toInt(row.trade_count),
    uniqueTraders: toInt(row.unique_traders),
    currentProbabilities: parseNullableJson<string[]>(row.current_probabilities),
    currentPrices: parseNullableJson<string[]>(row.current_prices),
    currentProbability: toDecimalNumberOrNull(row.current_probability),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
