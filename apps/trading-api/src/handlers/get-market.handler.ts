import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentMarket } from '../presenters/market.presenter.js';
import { getMarket } from '../use-cases/get-market.use-case.js';

/** GET /v1/markets/{id} → `{ market, data, _meta }`. */
export function getMarketHandler(deps: { db: Knex }): OperationHandler {
  return typedHandler<'getMarket'>(async ({ input }) => {
    const market = await getMarket(deps, { marketId: input.params.id });
    return { status: 200, body: resourceEnvelope('market', presentMarket(market)) };
  });
}
