import { listFeaturedMarkets as listFeatured } from '#shared/db/markets/market-lists.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import type { ReadContext } from './read-context.js';

/** The featured list has no parameters; it shows at most this many markets. */
export const FEATURED_LIMIT = 50;

/** Active featured markets, highest volume first. */
export async function listFeaturedMarkets(context: ReadContext): Promise<Market[]> {
  return listFeatured(context.db, FEATURED_LIMIT);
}
