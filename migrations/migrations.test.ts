import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrateLatest, pendingMigrations, rollbackAll } from '../apps/admin-cli/src/migrations/migrate.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { migrationSource } from './index.js';

const expectedTables = [
  'admin_audit_log',
  'api_keys',
  'auth_failures',
  'chain_cursors',
  'chain_deployments',
  'chapters',
  'idempotency_keys',
  'market_trades',
  'markets',
  'organizations',
  'outbox',
  'partners',
  'price_points',
  'redemptions',
  'request_usage',
  'threads',
  'trade_events',
  'trades',
  'users',
  'webhook_attempts',
  'webhook_events',
];

const knexBookkeeping = ['knex_migrations', 'knex_migrations_lock'];

async function listTables(test: TestDatabase): Promise<string[]> {
  const rows = await test
    .db('information_schema.tables')
    .select({ name: 'table_name' })
    .where('table_schema', test.name)
    .andWhere('table_type', 'BASE TABLE');
  return rows.map((row: { name: string }) => row.name).sort();
}

describe('migrations', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('migrates an empty database to latest, rolls everything back, and migrates to latest again', async () => {
    const listed = (await migrationSource.getMigrations([])).map((migration) => migration.name);
    expect(await pendingMigrations(test.db)).toEqual(listed);
    const firstRun = await migrateLatest(test.db);
    expect(firstRun.length).toBeGreaterThan(1);
    expect(firstRun).toEqual(listed);
    expect(await pendingMigrations(test.db)).toEqual([]);
    expect(await listTables(test)).toEqual([...expectedTables, ...knexBookkeeping].sort());

    const reverted = await rollbackAll(test.db);
    expect([...reverted].sort()).toEqual([...firstRun].sort());
    expect(await listTables(test)).toEqual(knexBookkeeping);

    const secondRun = await migrateLatest(test.db);
    expect(secondRun).toEqual(firstRun);
    expect(await listTables(test)).toEqual([...expectedTables, ...knexBookkeeping].sort());
  });
});

describe('migrated schema', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('lists migrations in name order, without duplicates', async () => {
    const names = (await migrationSource.getMigrations([])).map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('creates every table as InnoDB utf8mb4', async () => {
    const rows = await test
      .db('information_schema.tables')
      .select({ name: 'table_name', engine: 'engine', collation: 'table_collation' })
      .where('table_schema', test.name)
      .whereIn('table_name', expectedTables);
    expect(rows).toHaveLength(expectedTables.length);
    for (const row of rows as Array<{ name: string; engine: string; collation: string }>) {
      expect({ table: row.name, engine: row.engine, utf8mb4: row.collation.startsWith('utf8mb4_') }).toEqual({
        table: row.name,
        engine: 'InnoDB',
        utf8mb4: true,
      });
    }
  });

  it('declares WAD-18 token quantities as DECIMAL(65,0)', async () => {
    const columns = await test
      .db('information_schema.columns')
      .select({ table: 'table_name', column: 'column_name', type: 'column_type' })
      .where('table_schema', test.name)
      .whereIn(
        ['table_name', 'column_name'],
        [
          ['trades', 'tokens_out'],
          ['market_trades', 'tokens'],
          ['redemptions', 'tokens'],
        ],
      );
    expect(columns.map((column: { type: string }) => column.type)).toEqual([
      'decimal(65,0)',
      'decimal(65,0)',
      'decimal(65,0)',
    ]);
  });
});
