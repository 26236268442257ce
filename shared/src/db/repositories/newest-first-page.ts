import type { Knex } from 'knex';

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
