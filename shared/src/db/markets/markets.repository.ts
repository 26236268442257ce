/*
 * The markets table: inserts, single rows, lifecycle transitions and what the chain indexer writes on a market
 * (status from the chain, aggregates). Its list queries are in market-lists.repository.ts, its row mapping in
 * market-rows.ts.
 */
import type { Address } from 'viem';
import type { MarketState } from '../../domain/market-status.js';
import { newUuid } from '../../ids/ids.js';
import { toAddress, toInt, wadToDecimalString } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';
import { toMarket, type Market, type NewMarket } from './market-rows.js';

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
  const row: Row | undefined = await db('markets').where({ id }).first();
  return row ? toMarket(row) : null;
}

/** Markets by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findMarketsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, Market>> {
  const rows: Row[] = ids.length === 0 ? [] : await db('markets').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toMarket(row)]));
}

export interface MarketStatusChange {
  marketId: string;
  /** The change applies only while the market is in one of these states (a conditional UPDATE). */
  from: readonly MarketState[];
  to: MarketState;
  /** RESOLVED: the winning outcome indexes. */
  winningOutcomes?: readonly number[];
  /** RESOLVED and CANCELLED: when it happened. */
  resolveTime?: Date;
}

/** The status columns of a lifecycle change, with the winners and resolve time when it sets them. */
const statusColumns = (status: MarketState, change: Pick<MarketStatusChange, 'winningOutcomes' | 'resolveTime'>) => ({
  status,
  ...(change.winningOutcomes === undefined ? {} : { winning_outcomes: JSON.stringify(change.winningOutcomes) }),
  ...(change.resolveTime === undefined ? {} : { resolve_time: change.resolveTime }),
});

/**
 * Moves a market to `to` if it is still in one of the `from` states; false when it was not (it moved meanwhile,
 * or does not exist), so concurrent operators cannot both win a transition.
 */
export async function updateMarketStatus(db: Queryable, change: MarketStatusChange): Promise<boolean> {
  const updated = await db('markets')
    .where({ id: change.marketId })
    .whereIn('status', [...change.from])
    .update(statusColumns(change.to, change));
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

export interface MarketChainStatus extends Pick<MarketStatusChange, 'marketId' | 'winningOutcomes' | 'resolveTime'> {
  status: MarketState;
}

/** Markets with a contract on `chainId`. */
export async function listChainMarkets(db: Queryable, chainId: number): Promise<ChainMarket[]> {
  const rows: Row[] = await db('markets')
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
  await db('markets').where({ id: change.marketId }).update(statusColumns(change.status, change));
}
