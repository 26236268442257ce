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
  // With our migration source, knex lists pending migrations as the source's objects (named by `name`).
  const [, pending] = (await db.migrate.list(config)) as [unknown[], Array<{ name: string } | string>];
  return pending.map((item) => (typeof item === 'string' ? item : item.name));
}
