import type { Knex } from 'knex';
import { isTradeStatus, tradeStatuses, type TradeStatus } from '../../../../shared/src/domain/index.js';
import type { CursorCodec } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import { listTrades } from '../use-cases/list-trades.use-case.js';

/** `status=a,b`: distinct statuses in catalogue order, so `b,a` and `a,b,a` name the same filter (and cursor). */
function parseStatuses(value: unknown): TradeStatus[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const requested = new Set(value.split(',').filter(isTradeStatus));
  return tradeStatuses.filter((status) => requested.has(status));
}

/** GET /v1/trades → list envelope of the caller's user's trades, newest first, with signed keyset cursors. */
export function listTradesHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input, auth }) => {
    const page = await listTrades(deps, {
      userId: auth.key.record.userId,
      statuses: parseStatuses(input.query.status),
      marketId: typeof input.query.marketId === 'string' ? input.query.marketId : undefined,
      limit: typeof input.query.limit === 'number' ? input.query.limit : undefined,
      cursor: typeof input.query.cursor === 'string' ? input.query.cursor : undefined,
    });
    return { status: 200, body: listEnvelope(page.items.map(presentTrade), page.pagination) };
  };
}
