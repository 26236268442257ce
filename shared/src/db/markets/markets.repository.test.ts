import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { isForeignKeyViolation } from '../mysql-errors.js';
import { createChapter } from '../../../../apps/public-read/src/db/chapters/chapters.repository.js';
import { findMarketById, insertMarket, updateMarketStatus } from './markets.repository.js';
import { createThread } from '../threads/threads.repository.js';

describe('markets repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('inserts a minimal binary market as OPEN with zero volumes and no contract', async () => {
    const market = await insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: ['YES', 'NO'] });

    expect(market).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      threadId: null,
      chapterId: null,
      organizationId: null,
      partnerId: null,
      question: 'Q?',
      description: '',
      category: 'misc',
      tags: [],
      status: 'OPEN',
      outcomes: ['YES', 'NO'],
      contractAddress: null,
      chainId: null,
      endTime: null,
      resolveTime: null,
      winningOutcomes: null,
      sourceSocialPostUrl: null,
      featured: false,
      totalVolumeCents: 0,
      totalVolumeAtomic: 0n,
      tradeCount: 0,
      uniqueTraders: 0,
      currentProbabilities: null,
      currentPrices: null,
      currentProbability: null,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await findMarketById(test.db, market.id)).toEqual(market);
  });

  it('round-trips a resolved multi-outcome market in a thread and chapter', async () => {
    const thread = await createThread(test.db, { title: 'T', status: 'active', category: 'sports' });
    const chapter = await createChapter(test.db, { threadId: thread.id, title: 'Final', position: 1 });
    const probabilities = ['500000000000000000', '300000000000000000', '200000000000000000'];

    const market = await insertMarket(test.db, {
      threadId: thread.id,
      chapterId: chapter.id,
      question: 'Who wins?',
      category: 'sports',
      tags: ['final'],
      status: 'RESOLVED',
      outcomes: ['A', 'B', 'C'],
      contractAddress: `0x${'ab'.repeat(20)}`,
      chainId: 31337,
      endTime: new Date('2027-06-20T19:00:00.000Z'),
      resolveTime: new Date('2027-06-21T10:00:00.500Z'),
      winningOutcomes: [2],
      sourceSocialPostUrl: 'https://social.example/post/1',
      featured: true,
      currentProbabilities: probabilities,
    });

    expect(market).toMatchObject({
      threadId: thread.id,
      chapterId: chapter.id,
      status: 'RESOLVED',
      outcomes: ['A', 'B', 'C'],
      chainId: 31337,
      resolveTime: new Date('2027-06-21T10:00:00.500Z'),
      winningOutcomes: [2],
      featured: true,
      currentProbabilities: probabilities,
      currentProbability: 0.5,
    });
    expect(await findMarketById(test.db, market.id)).toEqual(market);
  });

  it('returns null for an unknown market id', async () => {
    expect(await findMarketById(test.db, randomUUID())).toBeNull();
  });

  it('refuses a market in a thread that does not exist', async () => {
    const orphan = insertMarket(test.db, {
      threadId: randomUUID(),
      question: 'Q?',
      category: 'misc',
      outcomes: ['YES', 'NO'],
    });
    expect(isForeignKeyViolation(await orphan.catch((error: unknown) => error))).toBe(true);
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
});
