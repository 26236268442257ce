/**
 * Paging facts a list use case returns, for any caller (an HTTP presenter, a queue consumer, the CLI): an offset page
 * (public read API) or a keyset page on (sort key, id) descending (trading API). Opaque cursors, envelopes and
 * `_meta` are the presenters' business, never the use case's.
 */
export interface OffsetPage<T> {
  items: T[];
  offset: number;
  limit: number;
  /** Rows matching the filter, every page together. */
  total: number;
  /** More rows exist past this page's last one. */
  hasMore: boolean;
}

/** An offset page of `items` read at (offset, limit) out of `total`. */
export function offsetPage<T>(items: T[], request: { offset: number; limit: number }, total: number): OffsetPage<T> {
  return { items, offset: request.offset, limit: request.limit, total, hasMore: request.offset + items.length < total };
}

/** The last row a keyset page served: the walk continues strictly after it in (sortKey, id) descending order. */
export interface KeysetPosition {
  sortKey: Date;
  id: string;
}

export interface KeysetPage<T> {
  items: T[];
  /** The page size applied. */
  limit: number;
  hasMore: boolean;
  /** Where the next page starts (after this page's last row); null on the last page. */
  nextAfter: KeysetPosition | null;
}

/** Keyset pages hold at most this many rows. */
export const MAX_PAGE_LIMIT = 100;

/** `limit` as applied: the list's default when absent (or not a positive integer), at most MAX_PAGE_LIMIT. */
export function resolvePageLimit(requested: unknown, defaultLimit: number): number {
  const value =
    typeof requested === 'number' && Number.isInteger(requested) && requested >= 1 ? requested : defaultLimit;
  return Math.min(value, MAX_PAGE_LIMIT);
}

/** One keyset page from rows read with `limit + 1`: the page, whether more follow, and where the next one starts. */
export function keysetPage<T>(rows: T[], limit: number, positionOf: (row: T) => KeysetPosition): KeysetPage<T> {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items, limit, hasMore, nextAfter: hasMore && last ? positionOf(last) : null };
}
