import type { Knex } from 'knex';
import { createKnex, dropDatabase, ensureDatabase, withDatabase } from '#shared/db/create-knex.js';
import { migrateLatest } from '../../apps/admin-cli/src/migrations/migrate.js';
import { suiteToken, testEnv, TEST_DATABASE_PREFIX } from './test-env.js';

export interface TestDatabase {
  db: Knex;
  name: string;
  url: string;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

/** A fresh database for one suite, migrated to latest unless `migrate: false`. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${suiteToken()}`;
  const url = withDatabase(testEnv.databaseUrl, name);
  await ensureDatabase(url);
  const db = createKnex({ databaseUrl: url, poolMax: 5 });
  if (options.migrate ?? true) await migrateLatest(db);
  return {
    db,
    name,
    url,
    destroy: async () => {
      await db.destroy();
      await dropDatabase(url);
    },
  };
}
