/* Which market /embed/demo shows: the one asked for, else the newest open market (the one `npm start` prints). */
import type { Knex } from 'knex';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { listMarketsKeyset } from '#shared/db/markets/market-lists.repository.js';
import type { DemoMarket } from './demo-page.js';

const demoMarketOf = (market: Market): DemoMarket => ({
  id: market.id,
  partnerId: market.partnerId,
  organizationId: market.organizationId,
});

/**
 * The requested market with its branding ids; an unknown id is shown as asked (the widget then says the market does
 * not exist). Without a request: the newest OPEN market, or null when there is none.
 */
export async function findDemoMarket(db: Knex, requestedId: string | undefined): Promise<DemoMarket | null> {
  if (requestedId !== undefined) {
    const market = await findMarketById(db, requestedId);
    return market ? demoMarketOf(market) : { id: requestedId, partnerId: null, organizationId: null };
  }
  const [newest] = await listMarketsKeyset(db, { statuses: ['OPEN'], limit: 1 });
  return newest ? demoMarketOf(newest) : null;
}
