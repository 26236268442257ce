import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createConnection } from 'mysql2/promise';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { suiteToken } from '#tooling/testing/test-env.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import { createKnex, type Knex } from '#shared/db/create-knex.js';
import {
  databaseUrlAs,
  dropDatabaseUsers,
  ensureDatabaseUsers,
  type DatabaseUsers,
} from '#tooling/local-stack/database-users.js';
import { migrateLatest, pendingMigrations } from '../../apps/admin-cli/src/migrations/migrate.js';
import { rowsOfRaw } from '#shared/db/transaction.js';

/** Refusals of a statement the account has no privilege for: on a table (DDL, another database) or a database. */
const ACCESS_DENIED = ['ER_TABLEACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_SPECIFIC_ACCESS_DENIED_ERROR'];

async function refusal(statement: Promise<unknown>): Promise<unknown> {
  return statement.then(
    () => 'allowed',
    (error: unknown) => codeOf(error),
  );
}

describe('database users (migrations user with DDL, application user with rows only)', () => {
  const token = suiteToken().replace(/[^a-z0-9]/g, '');
  let database: TestDatabase;
  let users: DatabaseUsers;
  let migrations: Knex;
  let application: Knex;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    users = {
      database: database.name,
      migrations: { name: `ftt_ddl_${token}`, password: `m-${token}'"\\?` },
      application: { name: `ftt_app_${token}`, password: `a-${token}@/:` },
    };
    await ensureDatabaseUsers(database.db, users);
    migrations = createKnex({ databaseUrl: databaseUrlAs(database.url, users.migrations), poolMax: 2 });
    application = createKnex({ databaseUrl: databaseUrlAs(database.url, users.application), poolMax: 2 });
    // Every migration runs under the migrations user's grants, as the migrations Job does.
    await migrateLatest(migrations);
    await migrations.schema.createTable('access_probe', (table) => {
      table.integer('id').primary();
      table.string('note', 20).notNullable();
    });
  }, 120_000);

  afterAll(async () => {
    await migrations?.destroy();
    await application?.destroy();
    await dropDatabaseUsers(database.db, [users.migrations, users.application]);
    await database.destroy();
  });

  it('lets the application user read, insert, update and delete rows, and lock one FOR UPDATE', async () => {
    await application('access_probe').insert({ id: 1, note: 'first' });
    await application('access_probe').where({ id: 1 }).update({ note: 'second' });
    await application.transaction(async (trx) => {
      expect(await trx('access_probe').where({ id: 1 }).forUpdate().first()).toEqual({ id: 1, note: 'second' });
    });
    await application('access_probe').where({ id: 1 }).delete();
    expect(await application('access_probe').select()).toEqual([]);
  });

  it('lets the application user take a named lock and list pending migrations (admin CLI `migrations status`)', async () => {
    const [row] = rowsOfRaw(
      await application.raw('SELECT GET_LOCK(?, 0) AS taken, RELEASE_LOCK(?) AS released', [token, token]),
    );
    expect(row).toEqual({ taken: 1, released: 1 });
    expect(await pendingMigrations(application)).toEqual([]);
  });

  it.each([
    ['CREATE TABLE', 'CREATE TABLE intruder (id INT)'],
    ['ALTER TABLE', 'ALTER TABLE access_probe ADD COLUMN extra INT'],
    ['DROP TABLE', 'DROP TABLE access_probe'],
    ['TRUNCATE', 'TRUNCATE TABLE access_probe'],
    ['CREATE INDEX', 'CREATE INDEX access_probe_note_idx ON access_probe (note)'],
    ['a read of another database', 'SELECT user FROM mysql.user'],
    ['CREATE DATABASE', 'CREATE DATABASE ftt_intruder'],
  ])('refuses the application user %s', async (_name, sql) => {
    expect(ACCESS_DENIED).toContain(await refusal(application.raw(sql)));
  });

  it('lets the migrations user run DDL', async () => {
    await migrations.schema.alterTable('access_probe', (table) => {
      table.integer('extra').nullable();
      table.index(['note'], 'access_probe_note_idx');
    });
    await migrations.raw('CREATE TABLE ddl_probe (id INT PRIMARY KEY)');
    await migrations.raw('DROP TABLE ddl_probe');
    expect(await migrations.schema.hasColumn('access_probe', 'extra')).toBe(true);
  });

  it('fails without the passwords in its error when the admin may not create users', async () => {
    const attempt = ensureDatabaseUsers(application, {
      ...users,
      application: { ...users.application, name: `ftt_no_${token}`, password: `secret-${token}` },
    });
    const message = await attempt.then(
      () => 'created',
      (error: unknown) => String(error instanceof Error ? error.message : error),
    );
    expect(message).toMatch(/CREATE USER IF NOT EXISTS \?@\? IDENTIFIED BY \?: .*denied/i);
    expect(message).not.toContain(`secret-${token}`);
    expect(message).not.toContain(users.migrations.password);
  });

  it('sets a new password when run again (a rotation) and grants nothing more', async () => {
    const rotated: DatabaseUsers = { ...users, application: { ...users.application, password: `rotated-${token}` } };
    await ensureDatabaseUsers(database.db, rotated);
    const withNew = createKnex({ databaseUrl: databaseUrlAs(database.url, rotated.application), poolMax: 1 });
    try {
      expect(await withNew('access_probe').count({ rows: '*' })).toEqual([{ rows: expect.anything() }]);
      expect(ACCESS_DENIED).toContain(await refusal(withNew.raw('CREATE TABLE intruder (id INT)')));
      // A bare connection: knex would log the refused handshake of its pool.
      const withOld = createConnection({ uri: databaseUrlAs(database.url, users.application) });
      expect(await refusal(withOld.then((connection) => connection.end()))).toBe('ER_ACCESS_DENIED_ERROR');
    } finally {
      await withNew.destroy();
    }
  });
});
