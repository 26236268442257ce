import type { Knex } from 'knex';

/*
 * Column conventions shared by every migration (MariaDB 10.11 and MySQL 8 accept all of them):
 *
 * - Tables: InnoDB, utf8mb4 / utf8mb4_unicode_ci (both servers know it; MySQL 8's 0900 collations MariaDB lacks).
 * - UUIDs: CHAR(36) in the table collation, so foreign keys always pair identical column types.
 * - Case-sensitive machine tokens (evt_ ids, client request ids, idempotency keys, hashes): ASCII + ascii_bin, so
 *   "Abc" and "abc" stay distinct and unique indexes stay compact.
 * - Timestamps: DATETIME(3), UTC (the mysql2 pool reads and writes UTC), CURRENT_TIMESTAMP(3) defaults.
 * - Money:
 *     - USDC amounts: BIGINT atomic units (6 decimals). Signed on purpose (arithmetic on UNSIGNED errors out
 *       when a difference goes below zero); 9.2e18 atomic = 9.2 trillion USDC, ample.
 *     - Outcome-token quantities and WAD-18 prices/probabilities: DECIMAL(65,0). BIGINT would overflow at
 *       9.2e18 = 9.2 tokens; 65 is MySQL's maximum DECIMAL precision (1e65 WAD = 1e47 tokens, far above any
 *       realistic supply; a uint256 above that is rejected by the writer rather than truncated).
 *     - Public-API volumes: BIGINT cents, kept alongside the atomic totals.
 *   mysql2 is configured to return BIGINT/DECIMAL as strings; repositories turn them into bigint.
 * - No CHECK constraints, generated columns or partial indexes: allowed values are enforced by the writers and
 *   the contract's uniqueness rules by plain UNIQUE indexes (see redemptions.open_claim_key).
 */

export function tableDefaults(table: Knex.CreateTableBuilder): void {
  table.engine('InnoDB');
  table.charset('utf8mb4');
  table.collate('utf8mb4_unicode_ci');
}

export function uuidColumn(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.specificType(name, 'CHAR(36)');
}

/** A case-sensitive ASCII token column (ids, hashes, client-chosen keys). */
export function asciiColumn(table: Knex.CreateTableBuilder, name: string, length: number): Knex.ColumnBuilder {
  return table.specificType(name, `VARCHAR(${length}) CHARACTER SET ascii COLLATE ascii_bin`);
}

/** A fixed-length ASCII column (hex hashes, tx hashes). */
export function fixedAsciiColumn(table: Knex.CreateTableBuilder, name: string, length: number): Knex.ColumnBuilder {
  return table.specificType(name, `CHAR(${length}) CHARACTER SET ascii COLLATE ascii_bin`);
}

export function datetimeColumn(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.specificType(name, 'DATETIME(3)');
}

/** WAD-18 token quantity / price (see the note above on DECIMAL(65,0)). */
export function wadColumn(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.specificType(name, 'DECIMAL(65,0)');
}

/** USDC atomic units (6 decimals). */
export function usdcAtomicColumn(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.bigInteger(name).comment('USDC atomic units (6 decimals)');
}

export function createdAtColumn(knex: Knex, table: Knex.CreateTableBuilder, name = 'created_at'): Knex.ColumnBuilder {
  return datetimeColumn(table, name).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
}

export function updatedAtColumn(knex: Knex, table: Knex.CreateTableBuilder): Knex.ColumnBuilder {
  return datetimeColumn(table, 'updated_at')
    .notNullable()
    .defaultTo(knex.raw('CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)'));
}

/** created_at + updated_at (updated_at refreshes on every UPDATE). */
export function timestampColumns(knex: Knex, table: Knex.CreateTableBuilder): void {
  createdAtColumn(knex, table);
  updatedAtColumn(knex, table);
}

/** Drops tables in the given order (children first), tolerating tables that are already gone. */
export async function dropTables(knex: Knex, tables: string[]): Promise<void> {
  for (const table of tables) await knex.schema.dropTableIfExists(table);
}
