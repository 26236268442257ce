import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { renderProblem } from '#shared/http/error-middleware.js';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { createTradeBatch, type BatchItem, type BatchItemResult } from '../use-cases/create-trade-batch.use-case.js';
import { presentTradeWrite } from './create-trade.handler.js';
import type { HandlerDeps } from './handler-deps.js';

const INSTANCE = '/v1/trades/batch';

/** An item as the use case takes it: checked as POST /v1/trades' body, or its 400. */
function batchItemOf(deps: HandlerDeps, body: unknown, key: ApiKeyRecord, now: Date): BatchItem {
  try {
    const { expiresAt, ...fields } = deps.checkTradeBody(body);
    return {
      command: { ...fields, ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt) }), key, now },
    };
  } catch (error) {
    if (error instanceof AppError) return { refusal: error, body };
    throw error;
  }
}

/**
 * POST /v1/trades/batch → 200 `{results, data, _meta}`: per item, in order, `{status, trade, idempotent,
 * confirmation?}` as POST /v1/trades answers it, or `{status, error}` with the problem it would have answered.
 */
export function createTradeBatchHandler(deps: HandlerDeps): OperationHandler {
  return typedHandler<'createTradeBatch'>(async ({ input, auth, now, requestId }) => {
    const key = auth.key.record;
    const idempotencyKey = input.headers['idempotency-key'];
    const outcome = await createTradeBatch(deps, {
      key,
      items: input.body.trades.map((body) => batchItemOf(deps, body, key, now)),
      ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
      now,
    });
    const presentResult = async (result: BatchItemResult) => {
      if ('refusal' in result) {
        const problem = renderProblem(result.refusal, { requestId, instance: INSTANCE, docsBaseUrl: deps.docsBaseUrl });
        return { status: problem.status, error: problem.body };
      }
      const { status, trade, confirmation } = await presentTradeWrite(deps, result.outcome, key.webhookUrl);
      return { status, trade, idempotent: result.outcome.idempotent, ...(confirmation ? { confirmation } : {}) };
    };
    const results = await Promise.all(outcome.results.map(presentResult));
    return { status: 200, body: resourceEnvelope('results', results), meta: { idempotent: outcome.idempotent } };
  });
}
