import type { Knex } from 'knex';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentMarket } from '../presenters/market.presenter.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { isMarketStatusFilter } from '#shared/domain/index.js';
import { listMarkets } from '../use-cases/list-markets.use-case.js';

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** GET /v1/markets → list envelope of markets (default status filter `active`), with signed keyset cursors. */
export function listMarketsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input }) => {
    const requested = optionalString(input.query.status);
    const status = requested !== undefined && isMarketStatusFilter(requested) ? requested : 'active';
    const category = optionalString(input.query.category);
    const threadId = optionalString(input.query.threadId);
    const context: CursorContext = { route: 'listMarkets', filters: { status, category, threadId } };
    const page = await listMarkets(deps, {
      status,
      category,
      threadId,
      limit: typeof input.query.limit === 'number' ? input.query.limit : undefined,
      after: decodeOptionalCursor(deps.cursors, optionalString(input.query.cursor), context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentMarket), pagination) };
  };
}
