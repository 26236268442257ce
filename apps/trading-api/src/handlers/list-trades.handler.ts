import type { Knex } from 'knex';
import { tradeStatuses } from '#shared/domain/trade-states.js';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import { parseStatusFilter } from '../http/status-filter.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { listTrades } from '../use-cases/list-trades.use-case.js';

/** GET /v1/trades → list envelope of the caller's user's trades, newest first, with signed keyset cursors. */
export function listTradesHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return typedHandler<'listTrades'>(async ({ input, auth }) => {
    const { marketId, limit, cursor } = input.query;
    const statuses = parseStatusFilter(input.query.status, tradeStatuses);
    const context: CursorContext = { route: 'listTrades', filters: { status: statuses?.join(','), marketId } };
    const page = await listTrades(deps, {
      userId: auth.key.record.userId,
      statuses,
      marketId,
      limit,
      after: decodeOptionalCursor(deps.cursors, cursor, context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentTrade), pagination) };
  });
}
