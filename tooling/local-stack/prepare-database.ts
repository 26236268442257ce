import { createHash } from 'node:crypto';
import { createKnex, databaseName, ensureDatabase, withDatabase, type Knex } from '#shared/db/create-knex.js';
import { migrateLatest } from '../../apps/admin-cli/src/migrations/migrate.js';
import { databaseUrlAs, dropDatabaseUsers, ensureDatabaseUsers, type DatabaseUsers } from './database-users.js';
import { seedDemoData } from './seed/demo-data.js';

export interface PreparedDatabase {
  applied: string[];
  seeded: Record<string, number>;
  /** What the deployables connect with: the application user (rows only, no DDL). */
  applicationDatabaseUrl: string;
  /** What migrations connect with: the migrations user (DDL). */
  migrationsDatabaseUrl: string;
}

/** MySQL caps user names at 32 characters. */
const MAX_USER_NAME = 32;

/** `<database>_<role>`, or, when that is over MySQL's cap, the database name cut short and a hash of it whole. */
function userNameOf(database: string, role: string): string {
  const name = `${database}_${role}`;
  if (name.length <= MAX_USER_NAME) return name;
  const digest = createHash('sha256').update(database).digest('hex').slice(0, 8);
  return `${database.slice(0, MAX_USER_NAME - role.length - digest.length - 2)}_${digest}_${role}`;
}

/**
 * The local stack's two users of a database, named after it (`foretell` → `foretell_app`, `foretell_migrator`) so two
 * local databases do not share an account; a long test or bench database name is cut short with a hash of it. The
 * passwords are public development values, like DEVELOPMENT_PEPPER.
 */
export function localDatabaseUsers(databaseUrl: string): DatabaseUsers {
  const database = databaseName(databaseUrl);
  return {
    database,
    migrations: { name: userNameOf(database, 'migrator'), password: 'foretell-local-migrations' },
    application: { name: userNameOf(database, 'app'), password: 'foretell-local-app' },
  };
}

/** The URL the local deployables are given: `databaseUrl` (the local admin, e.g. root) as the application user. */
export function localApplicationDatabaseUrl(databaseUrl: string): string {
  return databaseUrlAs(databaseUrl, localDatabaseUsers(databaseUrl).application);
}

/** The URL local migrations run with: `databaseUrl` as the migrations user. */
export function localMigrationsDatabaseUrl(databaseUrl: string): string {
  return databaseUrlAs(databaseUrl, localDatabaseUsers(databaseUrl).migrations);
}

/**
 * Given an admin URL (root locally): creates the database if missing, creates or updates its migrations and
 * application users (docs/runbooks/database-users.md), applies pending migrations as the migrations user and
 * (optionally) loads the demo data as the application user, as production does.
 */
export async function prepareDatabase(databaseUrl: string, options: { seed: boolean }): Promise<PreparedDatabase> {
  await ensureDatabase(databaseUrl);
  await withPool(serverUrl(databaseUrl), (admin) => ensureDatabaseUsers(admin, localDatabaseUsers(databaseUrl)));
  const migrationsDatabaseUrl = localMigrationsDatabaseUrl(databaseUrl);
  const applicationDatabaseUrl = localApplicationDatabaseUrl(databaseUrl);
  const applied = await withPool(migrationsDatabaseUrl, migrateLatest);
  const seeded = options.seed ? { ...(await withPool(applicationDatabaseUrl, seedDemoData)) } : {};
  return { applied, seeded, applicationDatabaseUrl, migrationsDatabaseUrl };
}

/** Drops the two local users of `databaseUrl`'s database (a test's throw-away database), given an admin URL. */
export async function dropLocalDatabaseUsers(databaseUrl: string): Promise<void> {
  const users = localDatabaseUsers(databaseUrl);
  await withPool(serverUrl(databaseUrl), (admin) => dropDatabaseUsers(admin, [users.migrations, users.application]));
}

/** The admin URL without its database: users belong to the server, and the database may be gone already. */
function serverUrl(databaseUrl: string): string {
  return withDatabase(databaseUrl, '');
}

async function withPool<T>(databaseUrl: string, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = createKnex({ databaseUrl, poolMax: 2 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
