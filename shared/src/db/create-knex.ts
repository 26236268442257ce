import knexFactory, { type Knex } from 'knex';

export type { Knex } from 'knex';

export interface CreateKnexOptions {
  databaseUrl: string;
  poolMax?: number;
}

/**
 * knex over mysql2. BIGINT/DECIMAL come back as strings (money is never a float), timestamps are UTC
 * `Date`s, and JSON columns are parsed whether the server reports them as JSON (MySQL 8) or text (MariaDB).
 */
export function createKnex(options: CreateKnexOptions): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: {
      uri: options.databaseUrl,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      timezone: 'Z',
      dateStrings: false,
      charset: 'utf8mb4',
    } satisfies Knex.MySql2ConnectionConfig,
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      // CURRENT_TIMESTAMP(3) defaults use the session time zone: pin it to UTC so they agree with app-written times.
      afterCreate: (
        connection: { query(sql: string, done: (error: Error | null) => void): void },
        done: (error: Error | null, connection: unknown) => void,
      ) => connection.query("SET time_zone = '+00:00'", (error) => done(error, connection)),
    },
  });
}

/** Returns the URL with its database path replaced (used to connect to the server without a database). */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = database ? `/${database}` : '';
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new Error(`DATABASE_URL must name a database ([A-Za-z0-9_]+), got "${name}"`);
  return name;
}

/** Creates the database of `databaseUrl` if it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const admin = createKnex({ databaseUrl: withDatabase(databaseUrl, ''), poolMax: 1 });
  try {
    await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.destroy();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const admin = createKnex({ databaseUrl: withDatabase(databaseUrl, ''), poolMax: 1 });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.destroy();
  }
}

/** One round trip to the server (readiness): resolves when it answers. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('SELECT 1');
}
