import { readMarketActivityTotals } from '#shared/db/market-trades/market-trades.repository.js';
import { updateMarketAggregates } from '#shared/db/markets/markets.repository.js';
import type { Queryable } from '#shared/db/transaction.js';
import { marketAggregates } from './market-aggregates.js';

/** Recomputes the aggregates of `marketIds` from their indexed rows (inside the caller's transaction). */
export async function refreshMarketAggregates(db: Queryable, marketIds: readonly string[]): Promise<void> {
  for (const totals of await readMarketActivityTotals(db, marketIds)) {
    await updateMarketAggregates(db, totals.marketId, marketAggregates(totals));
  }
}
