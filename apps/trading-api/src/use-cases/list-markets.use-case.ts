import type { Knex } from 'knex';
import { listMarketsKeyset, type Market } from '../../../../shared/src/db/index.js';
import { statesForFilter, type MarketStatusFilter } from '../../../../shared/src/domain/index.js';
import { paginate, resolvePageLimit, type CursorCodec, type CursorContext } from '../http/cursor.js';
import type { Pagination } from '../http/envelope.js';

export const MARKETS_DEFAULT_LIMIT = 20;

export interface ListMarketsCommand {
  status: MarketStatusFilter;
  category?: string;
  threadId?: string;
  limit?: number;
  cursor?: string;
}

/** One keyset page of markets, newest first. */
export async function listMarkets(
  deps: { db: Knex; cursors: CursorCodec },
  command: ListMarketsCommand,
): Promise<{ items: Market[]; pagination: Pagination }> {
  const context: CursorContext = {
    route: 'listMarkets',
    filters: { status: command.status, category: command.category, threadId: command.threadId },
  };
  const limit = resolvePageLimit(command.limit, MARKETS_DEFAULT_LIMIT);
  const after = command.cursor === undefined ? undefined : deps.cursors.decode(command.cursor, context);
  const rows = await listMarketsKeyset(deps.db, {
    statuses: statesForFilter(command.status),
    category: command.category,
    threadId: command.threadId,
    after,
    limit: limit + 1,
  });
  return paginate(
    rows,
    limit,
    (market) => ({ sortKey: market.createdAt, id: market.id }),
    (position) => deps.cursors.encode(context, position),
  );
}
