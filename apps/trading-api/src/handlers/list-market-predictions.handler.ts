import type { Knex } from 'knex';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { presentPrediction } from '../presenters/prediction.presenter.js';
import { listMarketPredictions, type ListPredictionsCommand } from '../use-cases/list-market-predictions.use-case.js';

/** GET /v1/markets/{id}/predictions → list envelope of the market's recent trades. */
export function listMarketPredictionsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return typedHandler<'listMarketPredictions'>(async ({ input }) => {
    const { outcomeIndex, side, limit, cursor } = input.query;
    const command: Omit<ListPredictionsCommand, 'limit' | 'after'> = { marketId: input.params.id, outcomeIndex, side };
    const context: CursorContext = { route: 'listMarketPredictions', filters: command };
    const page = await listMarketPredictions(deps, {
      ...command,
      limit,
      after: decodeOptionalCursor(deps.cursors, cursor, context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentPrediction), pagination) };
  });
}
