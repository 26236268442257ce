import type { Knex } from 'knex';

/** What the read use cases need: the database and the clock (injected so tests control time windows). */
export interface ReadContext {
  db: Knex;
  now: () => Date;
}
