import type { Knex } from 'knex';
import type { CursorCodec } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentPrediction } from '../presenters/prediction.presenter.js';
import { listMarketPredictions } from '../use-cases/list-market-predictions.use-case.js';

/** GET /v1/markets/{id}/predictions → list envelope of the market's recent trades. */
export function listMarketPredictionsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input }) => {
    const { outcomeIndex, side, limit, cursor } = input.query;
    const page = await listMarketPredictions(deps, {
      marketId: String(input.params.id),
      outcomeIndex: typeof outcomeIndex === 'number' ? outcomeIndex : undefined,
      side: side === 'buy' || side === 'sell' ? side : undefined,
      limit: typeof limit === 'number' ? limit : undefined,
      cursor: typeof cursor === 'string' ? cursor : undefined,
    });
    return { status: 200, body: listEnvelope(page.items.map(presentPrediction), page.pagination) };
  };
}
