import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { cancelTrade } from '../use-cases/cancel-trade.use-case.js';
import { getTradeView } from '../use-cases/trade-reads.use-case.js';
import type { HandlerDeps } from './handler-deps.js';

/** POST /v1/trades/{id}/cancel → 200 `{trade, data, _meta}` with the trade `rejected` (TRADE_CANCELLED). */
export function cancelTradeHandler(deps: HandlerDeps): OperationHandler {
  return typedHandler<'cancelTrade'>(async ({ input, auth, now }) => {
    const trade = await cancelTrade(deps, { tradeId: input.params.id, userId: auth.key.record.userId, now });
    return {
      status: 200,
      body: resourceEnvelope('trade', presentTrade(await getTradeView(deps, trade))),
      meta: { idempotent: false },
    };
  });
}
