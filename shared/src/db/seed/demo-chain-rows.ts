import { parseJsonColumn, type Queryable } from '../transaction.js';

/** What the local stack needs of a market to put it on chain. */
export interface MarketChainRow {
  id: string;
  outcomeCount: number;
  status: 'OPEN' | 'FROZEN' | 'RESOLVED' | 'CANCELLED';
  endTime: Date | null;
  winningOutcomes: number[] | null;
  contractAddress: string | null;
  chainId: number | null;
}

export async function listMarketsForChain(db: Queryable): Promise<MarketChainRow[]> {
  const rows = (await db('markets')
    .select('id', 'outcome_count', 'status', 'end_time', 'winning_outcomes', 'contract_address', 'chain_id')
    .orderBy('created_at')) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    id: String(row.id),
    outcomeCount: Number(row.outcome_count),
    status: row.status as MarketChainRow['status'],
    endTime: (row.end_time as Date | null) ?? null,
    winningOutcomes: row.winning_outcomes === null ? null : parseJsonColumn<number[]>(row.winning_outcomes),
    contractAddress: (row.contract_address as string | null) ?? null,
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
  const rows = (await db('users').select('id', 'email', 'smart_account_address').orderBy('created_at')) as Array<
    Record<string, unknown>
  >;
  return rows.map((row) => ({
    id: String(row.id),
    email: String(row.email),
    smartAccountAddress: (row.smart_account_address as string | null) ?? null,
  }));
}

export async function linkUserSmartAccount(db: Queryable, userId: string, address: string): Promise<void> {
  await db('users').where({ id: userId }).update({ smart_account_address: address });
}
