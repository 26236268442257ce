import type { Knex } from 'knex';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentMarket } from '../presenters/market.presenter.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { listMarkets } from '../use-cases/list-markets.use-case.js';

/** GET /v1/markets → list envelope of markets (default status filter `active`), with signed keyset cursors. */
export function listMarketsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return typedHandler<'listMarkets'>(async ({ input }) => {
    const { category, threadId, limit, cursor } = input.query;
    const status = input.query.status ?? 'active';
    const context: CursorContext = { route: 'listMarkets', filters: { status, category, threadId } };
    const page = await listMarkets(deps, {
      status,
      category,
      threadId,
      limit,
      after: decodeOptionalCursor(deps.cursors, cursor, context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentMarket), pagination) };
  });
}
