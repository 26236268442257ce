import { describe, expect, it } from '@jest/globals';
import { databaseUrlAs, databaseUserStatements, type DatabaseUsers } from '#tooling/local-stack/database-users.js';

const users: DatabaseUsers = {
  database: 'foretell',
  migrations: { name: 'foretell_migrator', password: 'm-secret' },
  application: { name: 'foretell_app', password: "a'secret", host: '10.0.%' },
};

describe('databaseUserStatements', () => {
  it('creates each user if missing, sets its password and grants on the one database', () => {
    expect(databaseUserStatements(users)).toEqual([
      { sql: 'CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', bindings: ['foretell_migrator', '%', 'm-secret'] },
      { sql: 'ALTER USER ?@? IDENTIFIED BY ?', bindings: ['foretell_migrator', '%', 'm-secret'] },
      {
        sql: 'GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES ON `foretell`.* TO ?@?',
        bindings: ['foretell_migrator', '%'],
      },
      { sql: 'CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', bindings: ['foretell_app', '10.0.%', "a'secret"] },
      { sql: 'ALTER USER ?@? IDENTIFIED BY ?', bindings: ['foretell_app', '10.0.%', "a'secret"] },
      { sql: 'GRANT SELECT, INSERT, UPDATE, DELETE ON `foretell`.* TO ?@?', bindings: ['foretell_app', '10.0.%'] },
    ]);
  });

  it('grants the application user no DDL, no server-wide privilege and no grant option', () => {
    const grant = databaseUserStatements(users).find(
      (statement) => statement.sql.startsWith('GRANT') && statement.bindings[0] === 'foretell_app',
    );
    expect(grant?.sql).not.toMatch(/CREATE|ALTER|DROP|INDEX|ALL|\*\.\*|GRANT OPTION/);
  });

  it('escapes the underscore of the database name, which a database-level GRANT reads as a wildcard', () => {
    const statements = databaseUserStatements({ ...users, database: 'ft_test_1' });
    expect(statements.filter((statement) => statement.sql.includes('ON `ft\\_test\\_1`.*'))).toHaveLength(2);
  });

  it.each([
    ['a database name that is not a plain identifier', { ...users, database: 'foretell`; DROP' }],
    ['a user name with a quote', { ...users, application: { name: "app'", password: 'x' } }],
    ['a user name longer than MySQL allows', { ...users, application: { name: 'a'.repeat(33), password: 'x' } }],
    ['a host with a quote', { ...users, migrations: { name: 'm', password: 'x', host: "%'" } }],
    ['one name for both users', { ...users, application: { name: 'foretell_migrator', password: 'x', host: 'h' } }],
  ])('refuses %s', (_case, input) => {
    expect(() => databaseUserStatements(input)).toThrow();
  });
});

describe('databaseUrlAs', () => {
  it('keeps the server, database and options and swaps the credentials (encoded)', () => {
    expect(
      databaseUrlAs('mysql://root:pw@db.internal:3306/foretell?ssl=true', { name: 'app', password: 'p@ss/w' }),
    ).toBe('mysql://app:p%40ss%2Fw@db.internal:3306/foretell?ssl=true');
  });
});
