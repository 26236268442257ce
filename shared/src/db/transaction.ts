import type { Knex } from 'knex';

/** Either the pool or an open transaction: repositories accept both so callers decide the unit of work. */
export type Queryable = Knex | Knex.Transaction;

/** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
export function withTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** MySQL/MariaDB JSON columns come back as objects (MySQL 8) or strings (MariaDB); normalise to values. */
export function parseJsonColumn<T>(value: unknown): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString('utf8')) as T;
  return value as T;
}

/**
 * The rows of a `db.raw` SELECT: mysql2 answers `[rows, fields]`. Checked, so a driver that answered otherwise fails
 * here rather than as a wrong value later; each row is a plain object whose columns the caller converts.
 */
export function rowsOfRaw(result: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(result) || !Array.isArray(result[0])) throw new Error('a raw SELECT answered no rows array');
  return result[0] as Array<Record<string, unknown>>;
}
