import { listPublicMarkets } from '#shared/db/markets/market-lists.repository.js';
import { threadExists } from '#shared/db/threads/threads.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { offsetPage, type OffsetPage } from '#shared/domain/paging.js';
import { statesForFilter } from '#shared/domain/market-status.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ThreadMarketsQuery } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

/** A page of a thread's markets (every status unless `status` is given). */
export async function listThreadMarkets(
  context: ReadContext,
  threadId: string,
  query: ThreadMarketsQuery,
): Promise<OffsetPage<Market>> {
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
  return offsetPage(page.items, query, page.total);
}
