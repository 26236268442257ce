import type { Knex } from 'knex';
import { listMarketsKeyset, type Market, type MarketStatus } from '../../../../shared/src/db/index.js';
import { paginate, resolvePageLimit, type CursorCodec, type CursorContext } from '../http/cursor.js';
import type { Pagination } from '../http/envelope.js';

/** DESIGN.md §6: lower-case filter forms of the market states (`refunded` = cancelled markets, refunds claimable). */
export const marketStatusFilters = {
  active: ['OPEN'],
  paused: ['FROZEN'],
  resolved: ['RESOLVED'],
  cancelled: ['CANCELLED'],
  refunded: ['CANCELLED'],
  all: undefined,
} as const satisfies Record<string, readonly MarketStatus[] | undefined>;

export type MarketStatusFilter = keyof typeof marketStatusFilters;

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
    statuses: marketStatusFilters[command.status],
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
