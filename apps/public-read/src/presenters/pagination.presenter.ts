import type { OffsetPage } from '#shared/domain/paging.js';

export interface Pagination {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/** The `pagination` object of an offset page. */
export function toPagination(page: OffsetPage<unknown>): Pagination {
  return { offset: page.offset, limit: page.limit, total: page.total, hasMore: page.hasMore };
}
