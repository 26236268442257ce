import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { getTrade } from '../use-cases/trade-reads.use-case.js';

/** GET /v1/trades/{id} → `{ trade, data, _meta }`; another user's trade is a 404. */
export function getTradeHandler(deps: { db: Knex }): OperationHandler {
  return typedHandler<'getTrade'>(async ({ input, auth }) => {
    const view = await getTrade(deps, { tradeId: input.params.id, userId: auth.key.record.userId });
    return { status: 200, body: resourceEnvelope('trade', presentTrade(view)) };
  });
}
