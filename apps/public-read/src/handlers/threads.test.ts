import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import { demoIds } from '#tooling/local-stack/seed/demo-catalog.js';
import { address, insertTrade, setMarketAggregates } from '#tooling/kits/public-read/activity-fixtures.js';
import {
  createPublicReadSuite,
  expectInvalidParameter,
  expectPublicError,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

const { threads: t, chapters: c } = demoIds;
type Body = Record<string, unknown>;
type ThreadBody = Body & { id: string; totalVolume: number; marketCount: number; participantCount: number };
type ListBody = { threads: ThreadBody[]; pagination: Body; _meta: Body };

let suite: PublicReadSuite;
let app: RunningPublicRead;
const market = (n: number): string => `000000d4-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await seedDemoData(suite.db);
  // The indexer's aggregates and trades: championship = 1 500 + 2 500 + 0 + 0 cents, 3 traders (one on two markets).
  await setMarketAggregates(suite.db, market(1), { totalVolumeCents: 1_500, tradeCount: 2 });
  await setMarketAggregates(suite.db, market(2), { totalVolumeCents: 2_500, tradeCount: 2 });
  await setMarketAggregates(suite.db, market(5), { totalVolumeCents: 9_000, tradeCount: 1 });
  const at = new Date('2026-12-01T00:00:00Z');
  await insertTrade(suite.db, { marketId: market(1), trader: address(1), usdc: 10_000_000n, blockTime: at });
  await insertTrade(suite.db, { marketId: market(1), trader: address(2), usdc: 5_000_000n, blockTime: at });
  await insertTrade(suite.db, { marketId: market(2), trader: address(1), usdc: 20_000_000n, blockTime: at });
  await insertTrade(suite.db, { marketId: market(2), trader: address(3), usdc: 5_000_000n, blockTime: at });
  await insertTrade(suite.db, { marketId: market(5), trader: address(9), usdc: 90_000_000n, blockTime: at });
  const createdAt = (table: string, id: string, at: string) =>
    suite
      .db(table)
      .where({ id })
      .update({ created_at: new Date(at) });
  await createdAt('threads', t.championship, '2026-01-03T00:00:00Z');
  await createdAt('threads', t.election, '2026-01-02T00:00:00Z');
  await createdAt('threads', t.techLaunches, '2026-01-01T00:00:00Z');
  // Championship markets created on distinct days, newest first: 3, 1, 4, 2 (not the id order).
  await createdAt('markets', market(3), '2026-02-04T00:00:00Z');
  await createdAt('markets', market(1), '2026-02-03T00:00:00Z');
  await createdAt('markets', market(4), '2026-02-02T00:00:00Z');
  await createdAt('markets', market(2), '2026-02-01T00:00:00Z');
  app = await suite.start();
});

afterAll(() => suite.destroy());

describe('GET /api/threads', () => {
  it('lists threads newest first with totals computed on read, a pagination object and _meta', async () => {
    const { status, body } = await getJson<ListBody>(`${app.url}/api/threads`);
    expect(status).toBe(200);
    expect(body.threads.map((thread) => thread.id)).toEqual([t.championship, t.election, t.techLaunches]);
    expect(body.pagination).toEqual({ offset: 0, limit: 20, total: 3, hasMore: false });
    expect(body._meta).toEqual({ authenticated: false, requestedAt: app.clock.now.toISOString() });
    expect(body.threads[0]).toEqual({
      id: t.championship,
      title: '2027 Championship Season',
      description: 'Markets on the **2027 championship**, from the group stage to the final.',
      totalVolume: 4_000,
      marketCount: 4,
      participantCount: 3,
      startTime: Date.parse('2027-01-10T00:00:00Z') / 1000,
      endTime: Date.parse('2027-06-30T00:00:00Z') / 1000,
      status: 'active',
      category: 'sports',
      tags: ['football', 'championship'],
      createdAt: '2026-01-03T00:00:00.000Z',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const tech = body.threads[2]!;
    expect(tech).not.toHaveProperty('startTime');
    expect(tech).not.toHaveProperty('image');
    expect(tech).toMatchObject({ totalVolume: 0, marketCount: 2, participantCount: 0 });
  });

  const ids = async (query: string) =>
    (await getJson<ListBody>(`${app.url}/api/threads?${query}`)).body.threads.map((thread) => thread.id);

  it("sums its markets' exact volumes before flooring to cents: two markets of 0.6 cent each make 1 cent, not 0", async () => {
    const techMarkets = suite.db('markets').where({ thread_id: t.techLaunches });
    await techMarkets.clone().update({ total_volume_atomic: 6_000, total_volume_cents: 0 });
    try {
      const { body } = await getJson<ListBody>(`${app.url}/api/threads?limit=99&sortBy=total_volume&sortOrder=asc`);
      const tech = body.threads.find((thread) => thread.id === t.techLaunches);
      expect(tech).toMatchObject({ totalVolume: 1, marketCount: 2 });
      // Sorted by the same total: 1 cent first, then the championship's 4 000 and the election's 9 000.
      expect(body.threads.map((thread) => thread.totalVolume)).toEqual([1, 4_000, 9_000]);
    } finally {
      await techMarkets.clone().update({ total_volume_atomic: 0, total_volume_cents: 0 });
    }
  });

  it('filters by status, category and tags (any of the comma-separated tags)', async () => {
    expect(await ids('status=resolved')).toEqual([t.election]);
    expect(await ids('status=active')).toEqual([t.championship, t.techLaunches]);
    expect(await ids('category=technology')).toEqual([t.techLaunches]);
    expect(await ids('tags=elections')).toEqual([t.election]);
    expect(await ids('tags=launches,%20football')).toEqual([t.championship, t.techLaunches]);
    expect(await ids('tags=nothing')).toEqual([]);
  });

  it('sorts by total_volume, market_count, title and updated_at in both orders', async () => {
    expect(await ids('sortBy=total_volume')).toEqual([t.election, t.championship, t.techLaunches]);
    expect(await ids('sortBy=total_volume&sortOrder=asc')).toEqual([t.techLaunches, t.championship, t.election]);
    expect((await ids('sortBy=market_count'))[0]).toBe(t.championship);
    expect(await ids('sortBy=title&sortOrder=asc')).toEqual([t.championship, t.election, t.techLaunches]);
    await suite
      .db('threads')
      .where({ id: t.techLaunches })
      .update({ updated_at: new Date('2030-01-01T00:00:00Z') });
    expect((await ids('sortBy=updated_at'))[0]).toBe(t.techLaunches);
    expect((await ids('sortBy=created_at&sortOrder=asc'))[0]).toBe(t.techLaunches);
  });

  it('pages with limit and offset, reporting total and hasMore', async () => {
    const first = await getJson<ListBody>(`${app.url}/api/threads?limit=2`);
    expect(first.body.pagination).toEqual({ offset: 0, limit: 2, total: 3, hasMore: true });
    const second = await getJson<ListBody>(`${app.url}/api/threads?limit=2&offset=2`);
    expect(second.body.threads.map((thread) => thread.id)).toEqual([t.techLaunches]);
    expect(second.body.pagination).toEqual({ offset: 2, limit: 2, total: 3, hasMore: false });
    const past = await getJson<ListBody>(`${app.url}/api/threads?offset=10`);
    expect(past.body).toMatchObject({ threads: [], pagination: { total: 3, hasMore: false } });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['sortBy=volume', 'sortBy'],
    ['sortOrder=up', 'sortOrder'],
    ['status=open', 'status'],
    ['tags=', 'tags'],
    ['limit=1&limit=2', 'limit'],
    ['sortby=title', 'sortby'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/threads?${query}`, name),
  );

  it('caps limit at 100 and counts every thread in total', async () => {
    for (let index = 0; index < 3; index += 1) {
      await createThread(suite.db, { title: `Extra ${index}`, status: 'upcoming', category: 'misc' });
    }
    const { body } = await getJson<ListBody>(`${app.url}/api/threads?limit=100&status=upcoming`);
    expect(body.pagination).toEqual({ offset: 0, limit: 100, total: 3, hasMore: false });
  });
});

describe('GET /api/threads/{id}', () => {
  it('returns the thread with image, backgroundImage and totals', async () => {
    const { status, body } = await getJson<{ thread: Body; _meta: Body }>(`${app.url}/api/threads/${t.championship}`);
    expect(status).toBe(200);
    expect(body.thread).toMatchObject({
      id: t.championship,
      image: 'https://cdn.example/threads/championship.png',
      backgroundImage: 'https://cdn.example/threads/championship-bg.png',
      totalVolume: 4_000,
      marketCount: 4,
      participantCount: 3,
    });
    expect(body._meta).toEqual({ authenticated: false, requestedAt: app.clock.now.toISOString() });
    const tech = await getJson<{ thread: Body }>(`${app.url}/api/threads/${t.techLaunches}`);
    expect(tech.body.thread).toMatchObject({ image: null, backgroundImage: null });
  });

  it('answers 404 THREAD_NOT_FOUND for an unknown thread', () =>
    expectPublicError(`${app.url}/api/threads/nope`, 404, 'Not Found', 'THREAD_NOT_FOUND'));
});

describe('GET /api/threads/{id}/markets', () => {
  type MarketsBody = { markets: Array<Body & { id: string }>; pagination: Body; _meta: Body };

  it('lists every status by default with thread-market items', async () => {
    const { status, body } = await getJson<MarketsBody>(`${app.url}/api/threads/${t.championship}/markets`);
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ offset: 0, limit: 50, total: 4, hasMore: false });
    expect(body._meta).toEqual({ authenticated: false, requestedAt: expect.any(String) });
    const first = body.markets.find((item) => item.id === market(1))!;
    expect(first).toEqual({
      id: market(1),
      question: 'Will the Harbor City Herons win their opening match?',
      description: expect.any(String),
      currentProbability: 0.62,
      yesPrice: 0.62,
      noPrice: 0.38,
      totalVolume: 1_500,
      tradeCount: 2,
      status: 'active',
      endTime: Date.parse('2027-01-15T18:00:00Z'),
      category: 'sports',
      tags: ['football', 'herons'],
      createdAt: expect.any(String),
    });
  });

  const marketIds = async (threadId: string, query = ''): Promise<string[]> =>
    (await getJson<MarketsBody>(`${app.url}/api/threads/${threadId}/markets?${query}`)).body.markets.map(
      (item) => item.id,
    );
  const ids = (query: string) => marketIds(t.championship, query);

  it('filters by status and sorts by volume, probability and title', async () => {
    expect(await ids('status=paused')).toEqual([market(3)]);
    expect((await ids('status=active')).sort()).toEqual([market(1), market(2), market(4)].sort());
    expect((await ids('sortBy=total_volume')).slice(0, 2)).toEqual([market(2), market(1)]);
    expect(await ids('sortBy=current_probability&sortOrder=asc')).toEqual([market(3), market(2), market(4), market(1)]);
    expect((await ids('sortBy=title&sortOrder=asc'))[0]).toBe(market(2));
    const page = await getJson<MarketsBody>(`${app.url}/api/threads/${t.championship}/markets?limit=3&offset=0`);
    expect(page.body.pagination).toEqual({ offset: 0, limit: 3, total: 4, hasMore: true });
  });

  it('orders by created_at, newest first, by default and oldest first with sortOrder=asc', async () => {
    expect(await marketIds(t.championship)).toEqual([3, 1, 4, 2].map(market));
    expect(await marketIds(t.championship, 'sortBy=created_at&sortOrder=desc')).toEqual([3, 1, 4, 2].map(market));
    expect(await marketIds(t.championship, 'sortOrder=asc')).toEqual([2, 4, 1, 3].map(market));
  });

  it('filters status=resolved and status=cancelled with the list status forms', async () => {
    const resolved = await getJson<MarketsBody>(`${app.url}/api/threads/${t.election}/markets?status=resolved`);
    expect(resolved.body.markets.map((item) => item.id).sort()).toEqual([market(5), market(6)].sort());
    for (const item of resolved.body.markets) expect(item.status).toBe('resolved');
    expect(resolved.body.pagination).toEqual({ offset: 0, limit: 50, total: 2, hasMore: false });
    const cancelled = await getJson<MarketsBody>(`${app.url}/api/threads/${t.election}/markets?status=cancelled`);
    expect(cancelled.body.markets.map((item) => [item.id, item.status])).toEqual([[market(7), 'cancelled']]);
    expect(cancelled.body.pagination).toMatchObject({ total: 1 });
    expect(await marketIds(t.championship, 'status=resolved')).toEqual([]);
  });

  it('sorts by current_probability and by title in descending order', async () => {
    expect(await marketIds(t.championship, 'sortBy=current_probability&sortOrder=desc')).toEqual(
      [1, 4, 2, 3].map(market),
    );
    expect(await marketIds(t.championship, 'sortBy=title&sortOrder=asc')).toEqual([2, 4, 3, 1].map(market));
    expect(await marketIds(t.championship, 'sortBy=title&sortOrder=desc')).toEqual([1, 3, 4, 2].map(market));
  });

  it('pages with offset in the default order', async () => {
    const page = await getJson<MarketsBody>(`${app.url}/api/threads/${t.championship}/markets?limit=2&offset=2`);
    expect(page.body.markets.map((item) => item.id)).toEqual([4, 2].map(market));
    expect(page.body.pagination).toEqual({ offset: 2, limit: 2, total: 4, hasMore: false });
  });

  it('accepts limit=100, the maximum', async () => {
    const { status, body } = await getJson<MarketsBody>(`${app.url}/api/threads/${t.championship}/markets?limit=100`);
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ offset: 0, limit: 100, total: 4, hasMore: false });
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=two', 'offset'],
    ['sortBy=end_time', 'sortBy'],
    ['sortBy=volume', 'sortBy'],
    ['sortOrder=up', 'sortOrder'],
    ['status=refunded', 'status'],
    ['status=all', 'status'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/threads/${t.championship}/markets?${query}`, name),
  );

  it('answers 404 THREAD_NOT_FOUND for an unknown thread', () =>
    expectPublicError(`${app.url}/api/threads/nope/markets`, 404, 'Not Found', 'THREAD_NOT_FOUND'));
});

describe('GET /api/threads/{id}/chapters', () => {
  it('lists chapters by position with the chapter total and market counts', async () => {
    const { status, body } = await getJson<{ chapters: Body[]; _meta: Body }>(
      `${app.url}/api/threads/${t.championship}/chapters`,
    );
    expect(status).toBe(200);
    expect(body.chapters).toEqual([
      { chapterId: c.groupStage, title: 'Group stage', position: 1, total: 3, marketCount: 1 },
      { chapterId: c.knockouts, title: 'Knockouts', position: 2, total: 3, marketCount: 1 },
      { chapterId: c.final, title: 'Final', position: 3, total: 3, marketCount: 2 },
    ]);
    expect(body._meta).toEqual({ threadId: t.championship, requestedAt: expect.any(String) });
    const tech = await getJson<{ chapters: Body[] }>(`${app.url}/api/threads/${t.techLaunches}/chapters`);
    expect(tech.body.chapters).toEqual([]);
  });

  it('answers 404 NOT_FOUND for an unknown thread', async () => {
    const { status, body } = await getJson(`${app.url}/api/threads/nope/chapters`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'Not Found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/threads/{id}/social-links', () => {
  type LinksBody = { thread: Body; markets: Array<Body & { marketId: string }>; _meta: Body };

  it('links every active market, replying to its source post or, without one, as a new post with its page; 10 USD by default', async () => {
    const { status, body } = await getJson<LinksBody>(`${app.url}/api/threads/${t.championship}/social-links`);
    expect(status).toBe(200);
    expect(body.thread).toEqual({
      id: t.championship,
      title: '2027 Championship Season',
      description: expect.any(String),
    });
    expect(body.markets.map((item) => item.marketId).sort()).toEqual([market(1), market(2), market(4)].sort());
    expect(body._meta).toEqual({ requestedAt: expect.any(String), amount: 10, totalMarkets: 3 });
    const postless = body.markets.find((item) => item.marketId === market(4))!;
    expect(postless).toMatchObject({ sourceSocialPostUrl: null, yesPostContent: '@ForetellBot YES $10' });
    const page = new URL(String(postless.yesLink)).searchParams;
    expect(page.get('url')).toBe(`https://foretell.example/markets/${market(4)}`);
    expect(page.has('in_reply_to')).toBe(false);
    const first = body.markets.find((item) => item.marketId === market(1))!;
    expect(first).toEqual({
      marketId: market(1),
      question: 'Will the Harbor City Herons win their opening match?',
      sourceSocialPostUrl: 'https://social.example/@foretell_demo/status/1860000000001',
      yesPostContent: '@ForetellBot YES $10',
      noPostContent: '@ForetellBot NO $10',
      yesLink: 'https://social.example/intent/post?text=%40ForetellBot+YES+%2410&in_reply_to=1860000000001',
      noLink: 'https://social.example/intent/post?text=%40ForetellBot+NO+%2410&in_reply_to=1860000000001',
    });
  });

  it('uses the amount given and rejects amounts outside 1-10000', async () => {
    const { body } = await getJson<LinksBody>(`${app.url}/api/threads/${t.championship}/social-links?amount=25.5`);
    expect(body._meta).toMatchObject({ amount: 25.5 });
    expect(body.markets[0]).toMatchObject({ yesPostContent: '@ForetellBot YES $25.50' });
    for (const amount of ['0', '0.99', '10000.01', '10001', 'ten', '1.234']) {
      const rejected = await getJson(`${app.url}/api/threads/${t.championship}/social-links?amount=${amount}`);
      expect(rejected.status).toBe(400);
      expect(rejected.body).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('"amount"') });
    }
  });

  it('answers 404 THREAD_NOT_FOUND for an unknown thread and lists nothing for a thread without active linked markets', async () => {
    await expectPublicError(`${app.url}/api/threads/nope/social-links`, 404, 'Not Found', 'THREAD_NOT_FOUND');
    const election = await getJson<LinksBody>(`${app.url}/api/threads/${t.election}/social-links`);
    expect(election.body).toMatchObject({ markets: [], _meta: { totalMarkets: 0 } });
  });

  it.each([
    ['1', 1, '$1'],
    ['10000', 10_000, '$10000'],
  ])('accepts amount=%s, a bound of the 1-10000 range', async (amount, echoed, content) => {
    const { status, body } = await getJson<LinksBody>(
      `${app.url}/api/threads/${t.championship}/social-links?amount=${amount}`,
    );
    expect(status).toBe(200);
    expect(body._meta).toMatchObject({ amount: echoed, totalMarkets: 3 });
    for (const item of body.markets) expect(item.yesPostContent).toBe(`@ForetellBot YES ${content}`);
  });

  it('includes a newly inserted active market of the thread that has a source post', async () => {
    const created = await insertMarket(suite.db, {
      threadId: t.techLaunches,
      question: 'New?',
      category: 'technology',
      outcomes: ['YES', 'NO'],
      sourceSocialPostUrl: 'https://social.example/@x/status/42',
    });
    const { body } = await getJson<LinksBody>(`${app.url}/api/threads/${t.techLaunches}/social-links?amount=5`);
    expect(body.markets.map((item) => item.marketId)).toContain(created.id);
  });
});
