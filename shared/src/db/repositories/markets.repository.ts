/*
 * The markets table: inserts, single rows, lifecycle transitions and what the chain indexer writes on a market
 * (status from the chain, aggregates). Its list queries are in market-lists.repository.ts.
 */
import type { Address } from 'viem';
import { newUuid } from '../../ids/ids.js';
import {
  toAddress,
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
  wadToDecimalString,
} from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import { readBack } from './read-back.js';

export const marketStatuses = ['OPEN', 'FROZEN', 'RESOLVED', 'CANCELLED'] as const;
export type MarketStatus = (typeof marketStatuses)[number];

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
  status: MarketStatus;
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
  status?: MarketStatus;
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

export type MarketRow = Record<string, unknown>;

const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** Inserts a market (no volumes yet: those come from the chain indexer). */
export async function insertMarket(db: Queryable, input: NewMarket): Promise<Market> {
  const id = input.id ?? newUuid();
  const firstProbability = input.currentProbabilities?.[0];
  await db('markets').insert({
    id,
    thread_id: input.threadId ?? null,
    chapter_id: input.chapterId ?? null,
    organization_id: input.organizationId ?? null,
    partner_id: input.partnerId ?? null,
    question: input.question,
    description: input.description ?? '',
    category: input.category,
    tags: JSON.stringify(input.tags ?? []),
    status: input.status ?? 'OPEN',
    outcomes: JSON.stringify(input.outcomes),
    outcome_count: input.outcomes.length,
    contract_address: input.contractAddress ?? null,
    chain_id: input.chainId ?? null,
    end_time: input.endTime ?? null,
    resolve_time: input.resolveTime ?? null,
    winning_outcomes: jsonOrNull(input.winningOutcomes),
    source_social_post_url: input.sourceSocialPostUrl ?? null,
    featured: input.featured ?? false,
    current_probabilities: jsonOrNull(input.currentProbabilities),
    current_prices: jsonOrNull(input.currentPrices),
    current_probability: firstProbability === undefined ? null : wadToDecimalString(firstProbability),
  });
  return readBack(await findMarketById(db, id), `market ${id}`);
}

export async function findMarketById(db: Queryable, id: string): Promise<Market | null> {
  const row: MarketRow | undefined = await db('markets').where({ id }).first();
  return row ? toMarket(row) : null;
}

/** Markets by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findMarketsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, Market>> {
  const rows: MarketRow[] = ids.length === 0 ? [] : await db('markets').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toMarket(row)]));
}

function parseNullableJson<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : parseJsonColumn<T>(value);
}

/** A `markets` row (SELECT *) as a Market. */
export function toMarket(row: MarketRow): Market {
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
    status: toOneOf(marketStatuses, row.status, 'markets.status'),
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

export interface MarketStatusChange {
  marketId: string;
  /** The change applies only while the market is in one of these states (a conditional UPDATE). */
  from: readonly MarketStatus[];
  to: MarketStatus;
  /** RESOLVED: the winning outcome indexes. */
  winningOutcomes?: readonly number[];
  /** RESOLVED and CANCELLED: when it happened. */
  resolveTime?: Date;
}

/**
 * Moves a market to `to` if it is still in one of the `from` states; false when it was not (it moved meanwhile,
 * or does not exist), so concurrent operators cannot both win a transition.
 */
export async function updateMarketStatus(db: Queryable, change: MarketStatusChange): Promise<boolean> {
  const updated = await db('markets')
    .where({ id: change.marketId })
    .whereIn('status', [...change.from])
    .update({
      status: change.to,
      ...(change.winningOutcomes === undefined ? {} : { winning_outcomes: JSON.stringify(change.winningOutcomes) }),
      ...(change.resolveTime === undefined ? {} : { resolve_time: change.resolveTime }),
    });
  return updated === 1;
}

/** A market deployed on a chain, as the indexer follows it. */
export interface ChainMarket {
  id: string;
  contractAddress: Address;
  outcomeCount: number;
}

export interface MarketAggregatesUpdate {
  totalVolumeAtomic: bigint;
  totalVolumeCents: bigint;
  tradeCount: number;
  uniqueTraders: number;
  /** Left unchanged when absent (a market without trades keeps its seeded or previous values). */
  current?: { prices: readonly string[]; probabilities: readonly string[] };
}

export interface MarketChainStatus {
  marketId: string;
  status: MarketStatus;
  winningOutcomes?: readonly number[];
  resolveTime?: Date;
}

/** Markets with a contract on `chainId`. */
export async function listChainMarkets(db: Queryable, chainId: number): Promise<ChainMarket[]> {
  const rows: Array<Record<string, unknown>> = await db('markets')
    .select('id', 'contract_address', 'outcome_count')
    .where({ chain_id: chainId })
    .whereNotNull('contract_address')
    .orderBy('id');
  return rows.map((row) => ({
    id: String(row.id),
    contractAddress: toAddress(row.contract_address, 'markets.contract_address'),
    outcomeCount: toInt(row.outcome_count),
  }));
}

/** Writes a market's aggregates (see {@link MarketAggregatesUpdate}); `current_probability` is outcome 0's. */
export async function updateMarketAggregates(
  db: Queryable,
  marketId: string,
  update: MarketAggregatesUpdate,
): Promise<void> {
  const first = update.current?.probabilities[0];
  await db('markets')
    .where({ id: marketId })
    .update({
      total_volume_atomic: update.totalVolumeAtomic.toString(),
      total_volume_cents: update.totalVolumeCents.toString(),
      trade_count: update.tradeCount,
      unique_traders: update.uniqueTraders,
      ...(update.current === undefined
        ? {}
        : {
            current_prices: JSON.stringify(update.current.prices),
            current_probabilities: JSON.stringify(update.current.probabilities),
            current_probability: first === undefined ? null : wadToDecimalString(first),
          }),
    });
}

/** Sets the lifecycle state the chain reports (the chain is the source of truth; no transition check). */
export async function applyMarketChainStatus(db: Queryable, change: MarketChainStatus): Promise<void> {
  await db('markets')
    .where({ id: change.marketId })
    .update({
      status: change.status,
      ...(change.winningOutcomes === undefined ? {} : { winning_outcomes: JSON.stringify(change.winningOutcomes) }),
      ...(change.resolveTime === undefined ? {} : { resolve_time: change.resolveTime }),
    });
}
