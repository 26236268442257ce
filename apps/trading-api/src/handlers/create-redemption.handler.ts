import { resourceEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentRedemption } from '../presenters/redemption.presenter.js';
import { createRedemption } from '../use-cases/create-redemption.use-case.js';
import type { HandlerDeps } from './index.js';

/** The body as the OpenAPI description (RedemptionRequest) has already validated it. */
interface CreateRedemptionBody {
  marketId: string;
  outcomeIndex: number;
}

/**
 * POST /v1/redemptions → 201 `{redemption, data, _meta}` for a new claim; 200 with the open claim (and
 * `_meta.idempotent: true`) for a duplicate while that claim is open.
 */
export function createRedemptionHandler(deps: HandlerDeps): OperationHandler {
  return async ({ input, auth, now }) => {
    const body = input.body as CreateRedemptionBody;
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
  };
}
