/**
 * On-chain `state()` is an enum (0 Open, 1 Frozen, 2 Resolved, 3 Cancelled); the names and their public forms are the
 * domain's (shared/src/domain/market-status.ts).
 */
import { marketStates, type MarketState } from '../domain/market-status.js';

export type { MarketState } from '../domain/market-status.js';

/** The on-chain enum value as a state name; throws on a value the contracts never produce. */
export function marketStateFromIndex(index: number): MarketState {
  const state = marketStates[index];
  if (state === undefined) throw new RangeError(`unknown on-chain market state ${index}`);
  return state;
}
