import type { Knex } from 'knex';
import { migrationSource, type Migration } from '../../../../migrations/index.js';

const config: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/** One migration starting (`ms` undefined) or done (`ms` it took), for a progress line. */
type MigrationProgress = (event: { name: string; ms?: number }) => void;

/** The migrations, each telling `progress` when it starts and ends (one batch, under knex's lock, as without). */
function reportingSource(progress: MigrationProgress): Knex.MigrationSource<Migration> {
  return {
    ...migrationSource,
    getMigration: async (migration) => ({
      ...migration,
      async up(knex: Knex) {
        const started = Date.now();
        progress({ name: migration.name });
        await migration.up(knex);
        progress({ name: migration.name, ms: Date.now() - started });
      },
    }),
  };
}

export async function migrateLatest(db: Knex, progress?: MigrationProgress): Promise<string[]> {
  const source = progress ? reportingSource(progress) : migrationSource;
  // knex types the migrator's answers `any`; it answers [batch number, migration names].
  const [, applied]: [number, string[]] = await db.migrate.latest({ ...config, migrationSource: source });
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
