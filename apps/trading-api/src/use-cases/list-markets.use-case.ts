import type { Knex } from 'knex';
import { listMarketsKeyset } from '#shared/db/markets/market-lists.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { keysetPage, resolvePageLimit, type KeysetPage, type KeysetPosition } from '#shared/domain/paging.js';
import { statesForFilter, type MarketStatusFilter } from '#shared/domain/market-status.js';

export const MARKETS_DEFAULT_LIMIT = 20;

export interface ListMarketsCommand {
  status: MarketStatusFilter;
  category?: string;
  threadId?: string;
  limit?: number;
  /** Continue after this market (the previous page's `nextAfter`). */
  after?: KeysetPosition;
}

/** One keyset page of markets, newest first. */
export async function listMarkets(deps: { db: Knex }, command: ListMarketsCommand): Promise<KeysetPage<Market>> {
  const limit = resolvePageLimit(command.limit, MARKETS_DEFAULT_LIMIT);
  const rows = await listMarketsKeyset(deps.db, {
    statuses: statesForFilter(command.status),
    category: command.category,
    threadId: command.threadId,
    after: command.after,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, (market) => ({ sortKey: market.createdAt, id: market.id }));
}
