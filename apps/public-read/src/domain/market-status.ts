/**
 * The public forms of a market's status (DESIGN.md §6). Stored and detail form: OPEN | FROZEN | RESOLVED | CANCELLED.
 * Lists and filters use the lower-case forms active | paused | resolved | cancelled; the `refunded` filter selects
 * cancelled markets (their refunds are claimable) and `all` selects every status. Quotes use the upper case of the
 * lower form (ACTIVE, PAUSED, RESOLVED, CANCELLED: see shared/src/chain/market-state.ts).
 */
import { marketListStatus, type MarketListStatus } from '../../../../shared/src/chain/market-state.js';
import type { MarketStatus } from '../../../../shared/src/db/index.js';

export const marketStatusFilters = ['active', 'paused', 'resolved', 'cancelled', 'refunded', 'all'] as const;
export type MarketStatusFilter = (typeof marketStatusFilters)[number];

const statusesOfFilter: Record<MarketStatusFilter, readonly MarketStatus[]> = {
  active: ['OPEN'],
  paused: ['FROZEN'],
  resolved: ['RESOLVED'],
  cancelled: ['CANCELLED'],
  refunded: ['CANCELLED'],
  all: [],
};

/** The stored statuses a filter selects; empty = every status. */
export function statusesForFilter(filter: MarketStatusFilter): readonly MarketStatus[] {
  return statusesOfFilter[filter];
}

/** The lower-case list form of a stored status. */
export function listStatusOf(status: MarketStatus): MarketListStatus {
  return marketListStatus(status);
}
