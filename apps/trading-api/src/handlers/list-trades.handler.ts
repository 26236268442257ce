import type { Knex } from 'knex';
import { isTradeStatus, tradeStatuses, type TradeStatus } from '../../../../shared/src/domain/index.js';
import { resolvePageLimit, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { listTrades } from '../use-cases/list-trades.use-case.js';

export const TRADES_DEFAULT_LIMIT = 20;

/** `status=a,b`: distinct statuses in catalogue order, so `b,a` and `a,b,a` name the same filter (and cursor). */
function parseStatuses(value: unknown): TradeStatus[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const requested = new Set(value.split(',').filter(isTradeStatus));
  return tradeStatuses.filter((status) => requested.has(status));
}

/** GET /v1/trades → list envelope of the caller's user's trades, newest first, with signed keyset cursors. */
export function listTradesHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input, auth }) => {
    const statuses = parseStatuses(input.query.status);
    const marketId = typeof input.query.marketId === 'string' ? input.query.marketId : undefined;
    const context: CursorContext = { route: 'listTrades', filters: { status: statuses?.join(','), marketId } };
    const limit = resolvePageLimit(input.query.limit, TRADES_DEFAULT_LIMIT);
    const cursor = typeof input.query.cursor === 'string' ? input.query.cursor : undefined;
    const position = cursor === undefined ? undefined : deps.cursors.decode(cursor, context);
    const page = await listTrades(deps, {
      userId: auth.key.record.userId,
      statuses,
      marketId,
      limit,
      ...(position ? { after: { createdAt: position.sortKey, id: position.id } } : {}),
    });
    const next = page.next && deps.cursors.encode(context, { sortKey: page.next.createdAt, id: page.next.id });
    return {
      status: 200,
      body: listEnvelope(page.items.map(presentTrade), { cursor: next, hasMore: page.hasMore, limit }),
    };
  };
}
