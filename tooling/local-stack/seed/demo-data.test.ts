import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { listChaptersByThread } from '../../../apps/public-read/src/db/chapters/chapters.repository.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { demoIds } from './demo-catalog.js';
import { seedDemoData, type DemoDataSummary } from './demo-data.js';

const seededTables = ['organizations', 'partners', 'threads', 'chapters', 'markets', 'users'];

/** Every row of the seeded tables, in id order: equal snapshots mean nothing changed. */
async function snapshot(db: Knex): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    seededTables.map(async (table) => [table, await db(table).select('*').orderBy('id')] as const),
  );
  return Object.fromEntries(entries);
}

describe('seedDemoData', () => {
  let test: TestDatabase;
  let firstRun: DemoDataSummary;

  beforeAll(async () => {
    test = await createTestDatabase();
    firstRun = await seedDemoData(test.db);
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('loads the demo catalogue into an empty database', () => {
    expect(firstRun).toEqual({
      organizations: 2,
      partners: 2,
      threads: 3,
      chapters: 5,
      markets: 10,
      users: 3,
      inserted: 25,
    });
  });

  it('changes nothing and inserts no duplicates when run again', async () => {
    const before = await snapshot(test.db);

    expect(await seedDemoData(test.db)).toEqual({ ...firstRun, inserted: 0 });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it('covers every market status, binary and multi-outcome markets, and featured markets', async () => {
    const markets = (await test
      .db('markets')
      .select('status', 'outcome_count', 'featured', 'contract_address')) as Array<{
      status: string;
      outcome_count: number;
      featured: number;
      contract_address: string | null;
    }>;

    expect(new Set(markets.map((market) => market.status))).toEqual(
      new Set(['OPEN', 'FROZEN', 'RESOLVED', 'CANCELLED']),
    );
    expect(markets.some((market) => market.outcome_count === 2)).toBe(true);
    expect(markets.some((market) => market.outcome_count > 2)).toBe(true);
    expect(markets.filter((market) => market.featured === 1).length).toBeGreaterThan(0);
    expect(markets.every((market) => market.contract_address === null)).toBe(true);
  });

  it('leaves one thread without chapters', async () => {
    expect(await listChaptersByThread(test.db, demoIds.threads.techLaunches)).toEqual([]);
    expect(await listChaptersByThread(test.db, demoIds.threads.championship)).toHaveLength(3);
  });

  it('does not duplicate a demo user whose email another account already holds', async () => {
    const other = await createTestDatabase();
    try {
      await createUser(other.db, { email: 'bob@foretell.test' });
      const summary = await seedDemoData(other.db);
      const bobs = await other.db('users').where('email', 'bob@foretell.test').select('id');

      expect(bobs).toHaveLength(1);
      expect(summary.users).toBe(2);
      expect(await seedDemoData(other.db)).toEqual({ ...summary, inserted: 0 });
    } finally {
      await other.destroy();
    }
  });
});
