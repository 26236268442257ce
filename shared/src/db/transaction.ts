import type { Knex } from 'knex';

/** Either the pool or an open transaction: repositories accept both so callers decide the unit of work. */
export type Queryable = Knex | Knex.Transaction;

/** A row as mysql2 hands it over: column name → value; each repository's row mapping reads it. */
export type Row = Record<string, unknown>;

/** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
export function withTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Whether `db` is an open transaction rather than the pool. */
export function isTransaction(db: Queryable): db is Knex.Transaction {
  return db.isTransaction === true;
}

/**
 * MySQL/MariaDB JSON columns come back as objects (MySQL 8) or strings (MariaDB); normalise to values. `T` is the
 * shape the repository itself wrote into the column (JSON.stringify of a value of that type, never text from a
 * client), which is what makes the one assertion below sound.
 */
export function parseJsonColumn<T>(value: unknown): T {
  const parsed: unknown =
    typeof value === 'string' ? JSON.parse(value) : Buffer.isBuffer(value) ? JSON.parse(value.toString('utf8')) : value;
  // cast: the column holds what its repository stored as JSON.stringify(T) (see the doc comment); callers name that T
  return parsed as T;
}

function isRowList(value: unknown): value is Row[] {
  return Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null);
}

/**
 * The OK packet of a raw write (mysql2 answers `[ResultSetHeader, undefined]`): rows it changed and the insert id,
 * which after `UPDATE … SET col = LAST_INSERT_ID(expr)` is the value of `expr` for the (last) changed row.
 */
export function okPacketOfRaw(result: unknown): { affectedRows: number; insertId: number } {
  const header: unknown = Array.isArray(result) ? result[0] : undefined;
  if (typeof header !== 'object' || header === null || !('affectedRows' in header) || !('insertId' in header)) {
    throw new Error('a raw write answered no OK packet');
  }
  return { affectedRows: Number(header.affectedRows), insertId: Number(header.insertId) };
}

/**
 * The rows of a `db.raw` SELECT: mysql2 answers `[rows, fields]`. Checked, so a driver that answered otherwise fails
 * here rather than as a wrong value later; each row is a plain object whose columns the caller converts.
 */
export function rowsOfRaw(result: unknown): Row[] {
  const rows: unknown = Array.isArray(result) ? result[0] : undefined;
  if (!isRowList(rows)) throw new Error('a raw SELECT answered no rows array');
  return rows;
}
