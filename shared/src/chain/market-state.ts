/**
 * Market lifecycle names. On-chain `state()` is an enum (0 Open, 1 Frozen, 2 Resolved, 3 Cancelled); MySQL and the
 * market detail use OPEN | FROZEN | RESOLVED | CANCELLED; list filters use the lower-case forms and quotes the
 * upper case of those (DESIGN.md §6): OPEN ↔ active/ACTIVE, FROZEN ↔ paused/PAUSED, RESOLVED ↔ resolved/RESOLVED,
 * CANCELLED ↔ cancelled/CANCELLED (the `refunded` filter also selects cancelled markets).
 */
export const marketStates = ['OPEN', 'FROZEN', 'RESOLVED', 'CANCELLED'] as const;
export type MarketState = (typeof marketStates)[number];

export type MarketListStatus = 'active' | 'paused' | 'resolved' | 'cancelled';
export type QuoteMarketStatus = Uppercase<MarketListStatus>;

const listStatusOf: Record<MarketState, MarketListStatus> = {
  OPEN: 'active',
  FROZEN: 'paused',
  RESOLVED: 'resolved',
  CANCELLED: 'cancelled',
};

/** The on-chain enum value as a state name; throws on a value the contracts never produce. */
export function marketStateFromIndex(index: number): MarketState {
  const state = marketStates[index];
  if (state === undefined) throw new RangeError(`unknown on-chain market state ${index}`);
  return state;
}

export function marketListStatus(state: MarketState): MarketListStatus {
  return listStatusOf[state];
}

/** The quote's `market.status` form: ACTIVE, PAUSED, RESOLVED or CANCELLED. */
export function quoteMarketStatus(state: MarketState): QuoteMarketStatus {
  return listStatusOf[state].toUpperCase() as QuoteMarketStatus;
}
