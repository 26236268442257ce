import type { Knex } from 'knex';
import { outboxMigration } from './20261122_0900_outbox.js';

/** One migration: a stable name (never renamed once shipped) and its up/down steps. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are listed here explicitly, in order, so they load the same way under tsx, jest (ESM) and the
 * compiled build: knex's directory scanning would depend on file extensions and loaders.
 */
const migrations: Migration[] = [outboxMigration];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
