import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { updateMarketStatus } from './markets.repository.js';
import { findMarketById, insertMarket } from './markets.repository.js';
import { listUsers } from './users.repository.js';
import { createUser } from './users.repository.js';

describe('market lifecycle and user directory repositories', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  const newMarket = () => insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: ['YES', 'NO'] });

  it('moves a market between states and records winners and the resolve time', async () => {
    const market = await newMarket();
    const resolveTime = new Date('2027-03-04T05:06:07.089Z');
    const changed = await updateMarketStatus(test.db, {
      marketId: market.id,
      from: ['OPEN', 'FROZEN'],
      to: 'RESOLVED',
      winningOutcomes: [1],
      resolveTime,
    });
    expect(changed).toBe(true);
    expect(await findMarketById(test.db, market.id)).toMatchObject({
      status: 'RESOLVED',
      winningOutcomes: [1],
      resolveTime,
    });
  });

  it('changes nothing and returns false when the market left the expected states', async () => {
    const market = await newMarket();
    expect(await updateMarketStatus(test.db, { marketId: market.id, from: ['OPEN'], to: 'FROZEN' })).toBe(true);
    expect(await updateMarketStatus(test.db, { marketId: market.id, from: ['OPEN'], to: 'CANCELLED' })).toBe(false);
    expect((await findMarketById(test.db, market.id))?.status).toBe('FROZEN');
    expect(await updateMarketStatus(test.db, { marketId: randomUUID(), from: ['OPEN'], to: 'FROZEN' })).toBe(false);
  });

  it('lists users newest first up to the limit', async () => {
    const first = await createUser(test.db, { email: `a-${randomUUID()}@example.test` });
    await test
      .db('users')
      .where({ id: first.id })
      .update({ created_at: new Date('2020-01-01T00:00:00Z') });
    const second = await createUser(test.db, { email: `b-${randomUUID()}@example.test` });
    expect((await listUsers(test.db, { limit: 10 })).map((user) => user.id)).toEqual([second.id, first.id]);
    expect(await listUsers(test.db, { limit: 1 })).toEqual([second]);
  });
});
