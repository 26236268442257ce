import type { KeysetPage, KeysetPosition } from '#shared/domain/paging.js';
import type { Pagination } from '../http/envelope.js';

/** The list envelope's `pagination` of a keyset page: the signed cursor after its last row (null on the last page). */
export function presentKeysetPagination(
  page: KeysetPage<unknown>,
  cursorAfter: (position: KeysetPosition) => string,
): Pagination {
  return { cursor: page.nextAfter ? cursorAfter(page.nextAfter) : null, hasMore: page.hasMore, limit: page.limit };
}
