import { listPublicMarkets, threadExists } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import { statesForFilter } from '../../../../shared/src/domain/market-status.js';
import type { ThreadMarketsQuery } from '../schemas/thread-queries.schema.js';
import { toThreadMarketItem, type ThreadMarketItem } from '../views/market-views.js';
import { toPagination, type Pagination } from '../views/pagination.js';
import type { ReadContext, RequestMeta } from './read-context.js';

export interface ThreadMarketsResult {
  markets: ThreadMarketItem[];
  pagination: Pagination;
  _meta: { authenticated: boolean; requestedAt: string };
}

/** A page of a thread's markets (every status unless `status` is given). */
export async function listThreadMarkets(
  context: ReadContext,
  threadId: string,
  query: ThreadMarketsQuery,
  meta: RequestMeta,
): Promise<ThreadMarketsResult> {
  const requestedAt = context.now().toISOString();
  const [exists, page] = await Promise.all([
    threadExists(context.db, threadId),
    listPublicMarkets(context.db, {
      filter: { threadId, ...(query.status ? { statuses: statesForFilter(query.status) } : {}) },
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      limit: query.limit,
      offset: query.offset,
    }),
  ]);
  if (!exists) throw new AppError('THREAD_NOT_FOUND', { detail: `Thread ${threadId} does not exist.` });
  return {
    markets: page.items.map(toThreadMarketItem),
    pagination: toPagination(query.offset, query.limit, page.items.length, page.total),
    _meta: { authenticated: meta.authenticated, requestedAt },
  };
}
