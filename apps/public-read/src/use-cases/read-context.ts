import type { Knex } from 'knex';

/** What the read use cases need: the database and the clock (injected so tests control `requestedAt` and windows). */
export interface ReadContext {
  db: Knex;
  now: () => Date;
}

export interface RequestMeta {
  /** True when an X-API-Key was verified (see http/api-key.ts); false otherwise. */
  authenticated: boolean;
}
