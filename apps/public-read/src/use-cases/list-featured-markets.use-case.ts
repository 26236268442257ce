import { listFeaturedMarkets as listFeatured } from '../../../../shared/src/db/index.js';
import { toMarketListItem, type MarketListItem } from '../views/market-views.js';
import type { ReadContext } from './read-context.js';

/** The featured list has no parameters; it shows at most this many markets. */
export const FEATURED_LIMIT = 50;

export interface FeaturedResult {
  markets: Array<MarketListItem & { featured: boolean }>;
  _meta: { count: number };
}

/** Active featured markets, highest volume first. */
export async function listFeaturedMarkets(context: ReadContext): Promise<FeaturedResult> {
  const markets = await listFeatured(context.db, FEATURED_LIMIT);
  return {
    markets: markets.map((market) => ({ ...toMarketListItem(market), featured: market.featured })),
    _meta: { count: markets.length },
  };
}
