import type { Knex } from 'knex';
import { migrationSource } from '../../../migrations/index.js';

const config: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config)) as [number, string[]];
  return applied;
}

export async function rollbackAll(db: Knex): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(config, true)) as [number, string[]];
  return reverted;
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config)) as [unknown[], Array<{ file: string } | string>];
  return pending.map((item) => (typeof item === 'string' ? item : item.file));
}
