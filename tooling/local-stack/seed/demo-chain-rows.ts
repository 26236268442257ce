import type { Address } from 'viem';
import { toAddressOrNull, toDateOrNull, toOneOf, toStringOrNull } from '#shared/db/column-values.js';
import { parseJsonColumn, type Queryable } from '#shared/db/transaction.js';
import { marketStates as marketStatuses, type MarketState as MarketStatus } from '#shared/domain/market-status.js';

/** What the local stack needs of a market to put it on chain. */
export interface MarketChainRow {
  id: string;
  outcomeCount: number;
  status: MarketStatus;
  endTime: Date | null;
  winningOutcomes: number[] | null;
  contractAddress: Address | null;
  chainId: number | null;
}

export async function listMarketsForChain(db: Queryable): Promise<MarketChainRow[]> {
  const rows = await db<Record<string, unknown>>('markets')
    .select('id', 'outcome_count', 'status', 'end_time', 'winning_outcomes', 'contract_address', 'chain_id')
    .orderBy('created_at');
  return rows.map((row) => ({
    id: String(row.id),
    outcomeCount: Number(row.outcome_count),
    status: toOneOf(marketStatuses, row.status, 'markets.status'),
    endTime: toDateOrNull(row.end_time),
    winningOutcomes: row.winning_outcomes === null ? null : parseJsonColumn<number[]>(row.winning_outcomes),
    contractAddress: toAddressOrNull(row.contract_address, 'markets.contract_address'),
    chainId: row.chain_id === null ? null : Number(row.chain_id),
  }));
}

export async function linkMarketContract(
  db: Queryable,
  marketId: string,
  chainId: number,
  address: string,
): Promise<void> {
  await db('markets').where({ id: marketId }).update({ contract_address: address, chain_id: chainId });
}

export async function listUsersForChain(
  db: Queryable,
): Promise<Array<{ id: string; email: string; smartAccountAddress: string | null }>> {
  const rows = await db<Record<string, unknown>>('users')
    .select('id', 'email', 'smart_account_address')
    .orderBy('created_at');
  return rows.map((row) => ({
    id: String(row.id),
    email: String(row.email),
    smartAccountAddress: toStringOrNull(row.smart_account_address),
  }));
}

export async function linkUserSmartAccount(db: Queryable, userId: string, address: string): Promise<void> {
  await db('users').where({ id: userId }).update({ smart_account_address: address });
}
