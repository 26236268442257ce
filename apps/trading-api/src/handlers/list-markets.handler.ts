import type { Knex } from 'knex';
import type { CursorCodec } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentMarket } from '../presenters/market.presenter.js';
import { isMarketStatusFilter } from '../../../../shared/src/domain/index.js';
import { listMarkets } from '../use-cases/list-markets.use-case.js';

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** GET /v1/markets → list envelope of markets (default status filter `active`). */
export function listMarketsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input }) => {
    const status = optionalString(input.query.status);
    const page = await listMarkets(deps, {
      status: status !== undefined && isMarketStatusFilter(status) ? status : 'active',
      category: optionalString(input.query.category),
      threadId: optionalString(input.query.threadId),
      limit: typeof input.query.limit === 'number' ? input.query.limit : undefined,
      cursor: optionalString(input.query.cursor),
    });
    return { status: 200, body: listEnvelope(page.items.map(presentMarket), page.pagination) };
  };
}
