import { listPublicThreads, type PublicThreadFilter } from '../../../../shared/src/db/index.js';
import type { ThreadListQuery } from '../schemas/thread-queries.schema.js';
import { toPagination, type Pagination } from '../views/pagination.js';
import { toThreadItem, type ThreadItem } from '../views/thread-views.js';
import type { ReadContext, RequestMeta } from './read-context.js';

export interface ThreadListResult {
  threads: ThreadItem[];
  pagination: Pagination;
  _meta: { authenticated: boolean; requestedAt: string; organizationId?: string; partnerId?: string };
}

/** A page of threads (optionally of one organization or partner) with their totals computed on read. */
export async function listThreads(
  context: ReadContext,
  query: ThreadListQuery & { scope?: { organizationId: string } | { partnerId: string } },
  meta: RequestMeta,
): Promise<ThreadListResult> {
  const requestedAt = context.now().toISOString();
  const filter: PublicThreadFilter = { ...query.scope };
  if (query.status !== undefined) filter.status = query.status;
  if (query.category !== undefined) filter.category = query.category;
  if (query.tags !== undefined) filter.tags = query.tags;
  const page = await listPublicThreads(context.db, {
    filter,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: query.offset,
  });
  return {
    threads: page.items.map(toThreadItem),
    pagination: toPagination(query.offset, query.limit, page.items.length, page.total),
    _meta: { authenticated: meta.authenticated, requestedAt, ...query.scope },
  };
}
