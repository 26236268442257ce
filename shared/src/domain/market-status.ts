/**
 * A market's status in each of its forms (DESIGN.md §6), stated once for both APIs, the chain layer and the workers.
 * Stored, on-chain and detail form: OPEN | FROZEN | RESOLVED | CANCELLED. Lists and filters use the lower-case forms
 * active | paused | resolved | cancelled; the `refunded` filter selects cancelled markets (their refunds are
 * claimable) and `all` every status. Quotes and /v1 market resources use the upper case of the lower form:
 * OPEN ↔ active/ACTIVE, FROZEN ↔ paused/PAUSED, RESOLVED ↔ resolved/RESOLVED, CANCELLED ↔ cancelled/CANCELLED.
 */
export const marketStates = ['OPEN', 'FROZEN', 'RESOLVED', 'CANCELLED'] as const;
export type MarketState = (typeof marketStates)[number];

export const marketListStatuses = ['active', 'paused', 'resolved', 'cancelled'] as const;
export type MarketListStatus = (typeof marketListStatuses)[number];
/** The quote's `market.status` and the /v1 Market `status`: ACTIVE, PAUSED, RESOLVED or CANCELLED. */
export type QuoteMarketStatus = Uppercase<MarketListStatus>;

export const marketStatusFilters = ['active', 'paused', 'resolved', 'cancelled', 'refunded', 'all'] as const;
export type MarketStatusFilter = (typeof marketStatusFilters)[number];

const listStatusOf: Record<MarketState, MarketListStatus> = {
  OPEN: 'active',
  FROZEN: 'paused',
  RESOLVED: 'resolved',
  CANCELLED: 'cancelled',
};

const quoteStatusOf: Record<MarketState, QuoteMarketStatus> = {
  OPEN: 'ACTIVE',
  FROZEN: 'PAUSED',
  RESOLVED: 'RESOLVED',
  CANCELLED: 'CANCELLED',
};

const statesOfFilter: Record<MarketStatusFilter, readonly MarketState[]> = {
  active: ['OPEN'],
  paused: ['FROZEN'],
  resolved: ['RESOLVED'],
  cancelled: ['CANCELLED'],
  refunded: ['CANCELLED'],
  all: [],
};

/** The lower-case list form of a state. */
export function marketListStatus(state: MarketState): MarketListStatus {
  return listStatusOf[state];
}

/** The upper-case form of quotes and /v1 markets: ACTIVE, PAUSED, RESOLVED or CANCELLED. */
export function quoteMarketStatus(state: MarketState): QuoteMarketStatus {
  return quoteStatusOf[state];
}

/** The states a filter selects; empty = every state. */
export function statesForFilter(filter: MarketStatusFilter): readonly MarketState[] {
  return statesOfFilter[filter];
}
