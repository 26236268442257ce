import type { Queryable } from '../transaction.js';
import type { MarketStatus } from './markets.repository.js';

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
