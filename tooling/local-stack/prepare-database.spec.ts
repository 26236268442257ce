import { describe, expect, it } from '@jest/globals';
import { localDatabaseUsers } from './prepare-database.js';

const url = (database: string) => `mysql://root@127.0.0.1:3306/${database}`;

describe('localDatabaseUsers', () => {
  it('names both users after the database', () => {
    const users = localDatabaseUsers(url('foretell'));
    expect([users.database, users.migrations.name, users.application.name]).toEqual([
      'foretell',
      'foretell_migrator',
      'foretell_app',
    ]);
  });

  it("keeps a long bench or test database's user names within MySQL's 32 characters, distinct per database", () => {
    const first = localDatabaseUsers(url('ft_test_bench_tp7odp_1hdtro'));
    const second = localDatabaseUsers(url('ft_test_bench_tp7odp_2hdtro'));
    const names = [first, second].flatMap((users) => [users.migrations.name, users.application.name]);
    expect(names.every((name) => /^[A-Za-z0-9_]{1,32}$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(4);
    expect(first.migrations.name).toMatch(/^ft_test_bench_.*_migrator$/);
    expect(first.application.name).toBe('ft_test_bench_tp7odp_1hdtro_app');
  });
});
