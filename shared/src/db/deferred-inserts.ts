/*
 * Inserts that wait for the end of their transaction, so that the rows many works add to one table inside one
 * transaction (the executor's group commits: up to 8 trades settled together) go in as one multi-row INSERT instead
 * of one statement each. Only a transaction opened with `flushingInsertsAtEnd` defers: it writes every deferred row
 * before it commits, in the order they were added. Anywhere else `insertAtEnd` inserts at once, so no caller can
 * lose a row by passing a transaction that never flushes.
 *
 * A deferred row is not visible to the transaction's own reads until the flush: it suits rows that nothing reads
 * back before the commit (trace steps, webhook events). A row the database refuses fails the flush, and so the
 * whole transaction, as an immediate INSERT would have.
 */
import type { Knex } from 'knex';
import { isTransaction, type Queryable, type Row } from './transaction.js';

const INSERT_BATCH = 500;

/** Multi-row inserts go in batches of INSERT_BATCH rows (a bounded statement size). */
export function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) yield rows.slice(start, start + INSERT_BATCH);
}

/** The rows each flushing transaction still owes, by table in first-use order. */
const owed = new WeakMap<Knex.Transaction, Map<string, Row[]>>();

/** Inserts `rows` into `table` through `db`: at the end of its transaction when that flushes there, else now. */
export async function insertAtEnd(db: Queryable, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const tables = isTransaction(db) ? owed.get(db) : undefined;
  if (!tables) {
    await db(table).insert(rows);
    return;
  }
  const list = tables.get(table);
  if (list) list.push(...rows);
  else tables.set(table, [...rows]);
}

/** Runs `work` with `trx` deferring insertAtEnd's rows, then writes them: one INSERT per table (per 500 rows). */
export async function flushingInsertsAtEnd<T>(trx: Knex.Transaction, work: () => Promise<T>): Promise<T> {
  const tables = new Map<string, Row[]>();
  owed.set(trx, tables);
  try {
    const result = await work();
    for (const [table, rows] of tables) for (const batch of batches(rows)) await trx(table).insert(batch);
    return result;
  } finally {
    owed.delete(trx);
  }
}
