import type { Knex } from 'knex';
import { migrationSource } from '../../../../migrations/index.js';

const config: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

export async function migrateLatest(db: Knex): Promise<string[]> {
  // knex types the migrator's answers `any`; it answers [batch number, migration names].
  const [, applied]: [number, string[]] = await db.migrate.latest(config);
  return applied;
}

export async function rollbackAll(db: Knex): Promise<string[]> {
  const [, reverted]: [number, string[]] = await db.migrate.rollback(config, true);
  return reverted;
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  // With our migration source, knex lists pending migrations as the source's objects (named by `name`).
  const [, pending]: [unknown[], Array<{ name: string } | string>] = await db.migrate.list(config);
  return pending.map((item) => (typeof item === 'string' ? item : item.name));
}
