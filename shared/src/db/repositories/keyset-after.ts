import type { Knex } from 'knex';

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
