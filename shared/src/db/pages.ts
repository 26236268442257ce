/* Paging helpers of the list queries: offset pages of the public read API and keyset pages newest first. */
import type { Knex } from 'knex';

/** Sort direction of the public read API's (/api) offset-paginated lists. */
export type PublicSortOrder = 'asc' | 'desc';

/** One offset page and the filter's total. */
export interface PublicPage<T> {
  items: T[];
  /** Rows matching the filter, whatever the page. */
  total: number;
}

/** Continue strictly after this row in (sort key, id) descending order. */
export interface KeysetAfter {
  sortKey: Date;
  id: string;
}

/** Adds `(column, id) < (after.sortKey, after.id)` for a page newest first; nothing without `after`. */
export function applyKeysetAfter(query: Knex.QueryBuilder, column: string, after?: KeysetAfter): void {
  if (!after) return;
  void query.where((outer) => {
    void outer.where(column, '<', after.sortKey).orWhere((tie) => {
      void tie.where(column, '=', after.sortKey).andWhere('id', '<', after.id);
    });
  });
}

/** Where a newest-first page ends: the walk continues strictly after (older than) this row. */
export interface NewestFirstPosition {
  createdAt: Date;
  id: string;
}

/**
 * One newest-first keyset page on (created_at, id) of `builder`'s rows: strictly after `after` when given, at most
 * `limit` rows. Rows inserted during a walk are newer than every row already served, so they never shift it.
 */
export function newestFirstPage<T extends Knex.QueryBuilder>(
  builder: T,
  page: { after?: NewestFirstPosition; limit: number },
): T {
  if (page.after) {
    const { createdAt, id } = page.after;
    builder.where((keyset) => {
      void keyset.where('created_at', '<', createdAt).orWhere((same) => {
        void same.where('created_at', '=', createdAt).where('id', '<', id);
      });
    });
  }
  // knex builders change in place; returning `builder` itself keeps the caller's row type.
  void builder
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit);
  return builder;
}
