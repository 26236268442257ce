/*
 * The two database users of one Foretell database (issue 29, docs/runbooks/database-users.md):
 *   - the migrations user owns the schema (DDL and DML): the migrations Job connects with it;
 *   - the application user reads and writes rows only (SELECT, INSERT, UPDATE, DELETE): every deployable and the
 *     admin CLI connect with it, so a bug or an injection in an app can never drop or alter a table.
 * The statements are valid on MySQL 8 and MariaDB and idempotent: running them again creates nothing twice, sets
 * the given passwords (a rotation) and adds any missing privilege. They never revoke: a privilege granted by hand
 * stays until revoked by hand (the runbook says how to check).
 */
import type { Knex } from 'knex';
import { isRecord } from '#shared/runtime/plain-values.js';

/**
 * What the apps need: rows only. Their named locks (GET_LOCK / IS_USED_LOCK / RELEASE_LOCK) need no privilege, and
 * SELECT … FOR UPDATE needs SELECT with UPDATE. No app creates a temporary table or locks tables.
 */
export const APPLICATION_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * What knex migrations need: the application's privileges (data migrations, knex_migrations and its lock table)
 * plus the DDL the migrations use: tables, columns, indexes and foreign keys (REFERENCES, which MySQL 8 checks).
 */
export const MIGRATIONS_PRIVILEGES = [
  ...APPLICATION_PRIVILEGES,
  'CREATE',
  'ALTER',
  'DROP',
  'INDEX',
  'REFERENCES',
] as const;

export interface DatabaseUser {
  name: string;
  password: string;
  /** The host part of the account (`'name'@'host'`): '%' (any) unless given, e.g. '10.0.%' for a pod network. */
  host?: string;
}

export interface DatabaseUsers {
  /** The database both users are granted on (`db`.*), never the server as a whole. */
  database: string;
  migrations: DatabaseUser;
  application: DatabaseUser;
}

export interface SqlStatement {
  sql: string;
  bindings: string[];
}

/** MySQL caps user names at 32 characters (MariaDB at 80); letters, digits and underscores keep them unquoted. */
const USER_NAME = /^[A-Za-z0-9_]{1,32}$/;
/** A host name, an IP address, or a pattern of them ('%', '10.0.%'). */
const HOST = /^[A-Za-z0-9.%_:-]{1,255}$/;
const DATABASE = /^[A-Za-z0-9_]{1,64}$/;

/**
 * The statements that create or update both users, in order. User names, hosts and passwords are bound as string
 * literals (escaped by the driver); the database name is checked and written as an identifier whose `_` is escaped,
 * since an unescaped `_` in a database-level GRANT is a wildcard (`foretell_app`.* would also match `foretellXapp`).
 */
export function databaseUserStatements(users: DatabaseUsers): SqlStatement[] {
  const database = checkedDatabase(users.database);
  checkUser(users.migrations);
  checkUser(users.application);
  // Two names, not just two hosts: a connection matching both accounts could get the migrations user's rights.
  if (users.migrations.name === users.application.name)
    throw new Error('the migrations user and the application user must have different names');
  return [
    ...userStatements(users.migrations, MIGRATIONS_PRIVILEGES, database),
    ...userStatements(users.application, APPLICATION_PRIVILEGES, database),
  ];
}

/**
 * Creates or updates both users on the server `admin` is connected to. `admin` needs CREATE USER and the privileges
 * it grants WITH GRANT OPTION (root, or the cloud provider's admin user).
 */
export async function ensureDatabaseUsers(admin: Knex, users: DatabaseUsers): Promise<void> {
  for (const statement of databaseUserStatements(users)) {
    try {
      await admin.raw(statement.sql, statement.bindings);
    } catch (error) {
      // knex's message repeats the statement with its values bound, the passwords included: only the server's
      // own message (which never holds the password) and the statement's placeholders go on.
      const server = isRecord(error) && typeof error.sqlMessage === 'string' ? error.sqlMessage : 'failed';
      const code = isRecord(error) && typeof error.code === 'string' ? ` (${error.code})` : '';
      // eslint-disable-next-line preserve-caught-error -- the caught error's message holds the passwords (above)
      throw new Error(`${statement.sql}: ${server}${code}`);
    }
  }
}

/** Removes the given accounts (a decommissioned environment, a test's users); missing ones are no error. */
export async function dropDatabaseUsers(
  admin: Knex,
  users: ReadonlyArray<Omit<DatabaseUser, 'password'>>,
): Promise<void> {
  for (const user of users) {
    checkUser({ ...user, password: '' });
    await admin.raw('DROP USER IF EXISTS ?@?', [user.name, hostOf(user)]);
  }
}

/** `databaseUrl` with the user and password of `user` (same server, same database, same options). */
export function databaseUrlAs(databaseUrl: string, user: Pick<DatabaseUser, 'name' | 'password'>): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(user.name);
  url.password = encodeURIComponent(user.password);
  return url.toString();
}

function userStatements(user: DatabaseUser, privileges: readonly string[], database: string): SqlStatement[] {
  const account = [user.name, hostOf(user)];
  return [
    { sql: 'CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', bindings: [...account, user.password] },
    // An existing user gets the given password: running this again is how a password is rotated.
    { sql: 'ALTER USER ?@? IDENTIFIED BY ?', bindings: [...account, user.password] },
    { sql: `GRANT ${privileges.join(', ')} ON ${database}.* TO ?@?`, bindings: account },
  ];
}

function checkedDatabase(name: string): string {
  if (!DATABASE.test(name)) throw new Error(`database name must match ${DATABASE}, got "${name}"`);
  return `\`${name.replace(/_/g, '\\_')}\``;
}

function checkUser(user: DatabaseUser): void {
  if (!USER_NAME.test(user.name)) throw new Error(`database user name must match ${USER_NAME}, got "${user.name}"`);
  if (!HOST.test(hostOf(user))) throw new Error(`database user host must match ${HOST}, got "${user.host}"`);
}

function hostOf(user: Pick<DatabaseUser, 'host'>): string {
  return user.host ?? '%';
}
