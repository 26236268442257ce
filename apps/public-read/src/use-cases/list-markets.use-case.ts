import { listPublicMarkets, type PublicMarketFilter } from '#shared/db/markets/market-lists.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { offsetPage, type OffsetPage } from '#shared/domain/paging.js';
import { statesForFilter, type MarketStatusFilter } from '#shared/domain/market-status.js';
import type { MarketListQuery } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

export interface MarketFilterInput {
  status: MarketStatusFilter;
  category?: string | undefined;
  threadId?: string | undefined;
  organizationId?: string | undefined;
  partnerId?: string | undefined;
  chapterId?: string | undefined;
}

export function marketFilterOf(query: MarketFilterInput): PublicMarketFilter {
  const filter: PublicMarketFilter = { statuses: statesForFilter(query.status) };
  if (query.category !== undefined) filter.category = query.category;
  if (query.threadId !== undefined) filter.threadId = query.threadId;
  if (query.organizationId !== undefined) filter.organizationId = query.organizationId;
  if (query.partnerId !== undefined) filter.partnerId = query.partnerId;
  if (query.chapterId !== undefined) filter.chapterId = query.chapterId;
  return filter;
}

/** A filtered, sorted page of markets (default: active, newest first, 50 per page). */
export async function listMarkets(context: ReadContext, query: MarketListQuery): Promise<OffsetPage<Market>> {
  const page = await listPublicMarkets(context.db, {
    filter: marketFilterOf(query),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: query.offset,
  });
  return offsetPage(page.items, query, page.total);
}
