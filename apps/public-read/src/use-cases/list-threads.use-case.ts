import {
  listPublicThreads,
  type PublicThreadFilter,
  type ThreadWithTotals,
} from '#shared/db/threads/threads.repository.js';
import { offsetPage, type OffsetPage } from '#shared/domain/paging.js';
import type { ThreadListQuery } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

export type ThreadOwner = { organizationId: string } | { partnerId: string };

/** A page of threads (optionally of one organization or partner) with their totals computed on read. */
export async function listThreads(
  context: ReadContext,
  query: ThreadListQuery & { scope?: ThreadOwner },
): Promise<OffsetPage<ThreadWithTotals>> {
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
  return offsetPage(page.items, query, page.total);
}
