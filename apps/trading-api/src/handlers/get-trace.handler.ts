import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrace } from '../presenters/trade.presenter.js';
import { getTrace } from '../use-cases/trade-reads.use-case.js';

/** GET /v1/traces/{correlationId} → `{ trace, data, _meta }`; another user's trace is a 404. */
export function getTraceHandler(deps: { db: Knex }): OperationHandler {
  return typedHandler<'getTrace'>(async ({ input, auth }) => {
    const { correlationId } = input.params;
    const view = await getTrace(deps, { correlationId, userId: auth.key.record.userId });
    return { status: 200, body: resourceEnvelope('trace', presentTrace(view)) };
  });
}
