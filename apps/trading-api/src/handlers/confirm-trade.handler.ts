import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { confirmTrade } from '../use-cases/confirm-trade.use-case.js';
import { getTradeView } from '../use-cases/trade-reads.use-case.js';
import type { HandlerDeps } from './handler-deps.js';

/** POST /v1/trades/{id}/confirm → 200 `{trade, data, _meta}` with the trade now `pending`; another user's: 404. */
export function confirmTradeHandler(deps: HandlerDeps): OperationHandler {
  return typedHandler<'confirmTrade'>(async ({ input, auth, now }) => {
    const { token } = input.body;
    const trade = await confirmTrade(deps, {
      tradeId: input.params.id,
      userId: auth.key.record.userId,
      token,
      now,
    });
    return {
      status: 200,
      body: resourceEnvelope('trade', presentTrade(await getTradeView(deps, trade))),
      meta: { idempotent: false },
    };
  });
}
