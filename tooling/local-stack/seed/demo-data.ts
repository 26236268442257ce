import type { Knex } from 'knex';
import { createChapter } from '../../../apps/public-read/src/db/chapters/chapters.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { createUser, normalizeEmail } from '#shared/db/users/users.repository.js';
import { withTransaction, type Queryable } from '#shared/db/transaction.js';
import { demoChapters, demoOrganizations, demoPartners, demoThreads, demoUsers } from './demo-catalog.js';
import { demoMarkets } from './demo-markets.js';

/** How many demo rows of each kind exist after seeding, and how many this run inserted. */
export interface DemoDataSummary {
  organizations: number;
  partners: number;
  threads: number;
  chapters: number;
  markets: number;
  users: number;
  /** Rows inserted by this run (0 when the demo data was already complete). */
  inserted: number;
}

/**
 * Loads the demo organizations, partners, threads, chapters, markets and users. Idempotent: rows are keyed by
 * fixed ids and only missing ones are inserted (existing rows are never modified), all in one transaction.
 * A demo user whose email already belongs to another account is skipped rather than duplicated.
 */
export async function seedDemoData(db: Knex): Promise<DemoDataSummary> {
  return withTransaction(db, async (trx) => {
    let inserted = 0;
    const insertMissing = async <T extends { id: string }>(
      table: string,
      rows: T[],
      create: (trx: Queryable, row: T) => Promise<unknown>,
    ): Promise<number> => {
      const existing = await existingIds(trx, table, rows);
      for (const row of rows) {
        if (existing.has(row.id)) continue;
        await create(trx, row);
        inserted += 1;
      }
      return rows.length;
    };

    const organizations = await insertMissing('organizations', demoOrganizations, createOrganization);
    const partners = await insertMissing('partners', demoPartners, createPartner);
    const threads = await insertMissing('threads', demoThreads, createThread);
    const chapters = await insertMissing('chapters', demoChapters, createChapter);
    const markets = await insertMissing('markets', demoMarkets, insertMarket);

    // A demo email already held by another account (e.g. created with the admin CLI) is left to that account.
    const emailOwners = await findEmailOwners(
      trx,
      demoUsers.map((user) => user.email),
    );
    const seedableUsers = demoUsers.filter(
      (user) => (emailOwners.get(normalizeEmail(user.email)) ?? user.id) === user.id,
    );
    const users = await insertMissing('users', seedableUsers, createUser);

    return { organizations, partners, threads, chapters, markets, users, inserted };
  });
}

async function existingIds(db: Queryable, table: string, rows: Array<{ id: string }>): Promise<Set<string>> {
  const found = await db<{ id: string }>(table)
    .whereIn(
      'id',
      rows.map((row) => row.id),
    )
    .select('id');
  return new Set(found.map((row) => row.id));
}

/** Email → id of users that already hold one of `emails`. */
async function findEmailOwners(db: Queryable, emails: string[]): Promise<Map<string, string>> {
  const found = await db<{ id: string; email: string }>('users')
    .whereIn('email', emails.map(normalizeEmail))
    .select('id', 'email');
  return new Map(found.map((row) => [row.email, row.id]));
}
