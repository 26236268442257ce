import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentRedemption } from '../presenters/redemption.presenter.js';
import { createRedemption } from '../use-cases/create-redemption.use-case.js';
import type { HandlerDeps } from './handler-deps.js';

/**
 * POST /v1/redemptions → 201 `{redemption, data, _meta}` for a new claim; 200 with the open claim (and
 * `_meta.idempotent: true`) for a duplicate while that claim is open.
 */
export function createRedemptionHandler(deps: HandlerDeps): OperationHandler {
  return typedHandler<'createRedemption'>(async ({ input, auth, now }) => {
    const { body } = input;
    const outcome = await createRedemption(deps, {
      userId: auth.key.record.userId,
      apiKeyId: auth.key.record.id,
      marketId: body.marketId,
      outcomeIndex: body.outcomeIndex,
      now,
    });
    return {
      status: outcome.created ? 201 : 200,
      body: resourceEnvelope('redemption', presentRedemption(outcome.redemption)),
      meta: { idempotent: !outcome.created },
    };
  });
}
