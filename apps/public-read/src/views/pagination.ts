export interface Pagination {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/** The pagination object of an offset page: more rows exist past this page's last one. */
export function toPagination(offset: number, limit: number, returned: number, total: number): Pagination {
  return { offset, limit, total, hasMore: offset + returned < total };
}
