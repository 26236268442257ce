import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import { demoIds } from '#tooling/local-stack/seed/demo-catalog.js';
import { setMarketAggregates } from '#tooling/kits/public-read/activity-fixtures.js';
import {
  createPublicReadSuite,
  expectInvalidParameter,
  expectPublicError,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

const { threads: t, chapters: c, organizations: o, partners: p } = demoIds;
type Item = Record<string, unknown> & { id: string };
type ListBody = { markets: Item[]; pagination: Record<string, unknown> };

let suite: PublicReadSuite;
let app: RunningPublicRead;
const market = (n: number): string => `000000d4-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await seedDemoData(suite.db);
  // Distinct creation days (market n on 2026-01-n) and volumes (n × 1 000 cents, market 2 the largest).
  for (let n = 1; n <= 10; n += 1) {
    await suite
      .db('markets')
      .where({ id: market(n) })
      .update({ created_at: new Date(Date.UTC(2026, 0, n)) });
    await setMarketAggregates(suite.db, market(n), { totalVolumeCents: n === 2 ? 50_000 : n * 1_000, tradeCount: n });
  }
  await suite
    .db('markets')
    .where({ id: market(1) })
    .update({ end_time: null });
  app = await suite.start();
});

afterAll(() => suite.destroy());

const ids = async (query: string): Promise<string[]> =>
  (await getJson<ListBody>(`${app.url}/api/markets?${query}`)).body.markets.map((item) => item.id);

describe('GET /api/markets', () => {
  it('lists active markets newest first by default, 50 per page, with the documented item shape', async () => {
    const { status, body } = await getJson<ListBody>(`${app.url}/api/markets`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['markets', 'pagination']);
    expect(body.markets.map((item) => item.id)).toEqual([market(9), market(8), market(4), market(2), market(1)]);
    expect(body.pagination).toEqual({ offset: 0, limit: 50, total: 5, hasMore: false });
    expect(body.markets.find((item) => item.id === market(2))).toEqual({
      id: market(2),
      question: 'Who will win the 2027 championship?',
      description: 'Resolves to the team that lifts the trophy.',
      probability: 0.35,
      yesPrice: 0.35,
      noPrice: 0.65,
      totalVolume: 50_000,
      tradeCount: 2,
      status: 'active',
      endTime: Date.parse('2027-06-20T19:00:00Z'),
      category: 'sports',
      createdAt: '2026-01-02T00:00:00.000Z',
      sourceSocialPostUrl: 'https://social.example/@foretell_demo/status/1860000000002',
    });
    expect(body.markets.find((item) => item.id === market(4))).toMatchObject({ sourceSocialPostUrl: null });
    expect(body.markets.find((item) => item.id === market(1))).toMatchObject({ endTime: null });
  });

  it('prefers the indexed marginal prices for yesPrice and noPrice', async () => {
    await setMarketAggregates(suite.db, market(9), { currentPrices: ['250000000000000000', '750000000000000000'] });
    const { body } = await getJson<ListBody>(`${app.url}/api/markets?limit=1`);
    expect(body.markets[0]).toMatchObject({ id: market(9), probability: 0.3, yesPrice: 0.25, noPrice: 0.75 });
  });

  it.each([
    ['active', [9, 8, 4, 2, 1]],
    ['paused', [10, 3]],
    ['resolved', [6, 5]],
    ['cancelled', [7]],
    ['refunded', [7]],
    ['all', [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]],
  ])('filters status=%s with the list status forms', async (status, expected) => {
    const { body } = await getJson<ListBody>(`${app.url}/api/markets?status=${status}`);
    expect(body.markets.map((item) => item.id)).toEqual(expected.map(market));
    const forms = { active: 'active', paused: 'paused', resolved: 'resolved', cancelled: 'cancelled' } as const;
    for (const item of body.markets) expect(Object.values(forms)).toContain(item.status);
  });

  it('filters by category, threadId (and its alias thread_id), organizationId, partnerId and chapterId', async () => {
    expect(await ids('status=all&category=politics')).toEqual([7, 6, 5].map(market));
    expect(await ids(`status=all&threadId=${t.techLaunches}`)).toEqual([9, 8].map(market));
    expect(await ids(`status=all&thread_id=${t.techLaunches}`)).toEqual([9, 8].map(market));
    expect(await ids(`status=all&threadId=${t.techLaunches}&thread_id=${t.techLaunches}`)).toEqual([9, 8].map(market));
    expect(await ids(`status=all&organizationId=${o.acme}`)).toEqual([10, 4, 3, 2, 1].map(market));
    expect(await ids(`status=all&partnerId=${p.ballotWatch}`)).toEqual([market(5)]);
    expect(await ids(`status=all&chapterId=${c.final}`)).toEqual([4, 2].map(market));
    expect(await ids(`category=politics&organizationId=${o.acme}`)).toEqual([]);
  });

  it('sorts by every sortBy field in both orders, nulls last', async () => {
    expect(await ids('sortBy=total_volume')).toEqual([2, 9, 8, 4, 1].map(market));
    expect(await ids('sortBy=total_volume&sortOrder=asc')).toEqual([1, 4, 8, 9, 2].map(market));
    expect(await ids('sortBy=current_probability&sortOrder=asc')).toEqual([9, 2, 8, 4, 1].map(market));
    expect(await ids('sortBy=title&sortOrder=asc')).toEqual([9, 2, 4, 1, 8].map(market));
    expect(await ids('sortBy=title&sortOrder=desc')).toEqual([8, 1, 4, 2, 9].map(market));
    expect(await ids('sortBy=end_time&sortOrder=asc')).toEqual([8, 4, 2, 9, 1].map(market));
    expect(await ids('sortBy=end_time&sortOrder=desc')).toEqual([9, 2, 4, 8, 1].map(market));
    expect(await ids('sortBy=created_at&sortOrder=asc')).toEqual([1, 2, 4, 8, 9].map(market));
  });

  it('pages with limit and offset, never overlapping', async () => {
    const first = await getJson<ListBody>(`${app.url}/api/markets?status=all&limit=4`);
    const second = await getJson<ListBody>(`${app.url}/api/markets?status=all&limit=4&offset=4`);
    const third = await getJson<ListBody>(`${app.url}/api/markets?status=all&limit=4&offset=8`);
    expect(first.body.pagination).toEqual({ offset: 0, limit: 4, total: 10, hasMore: true });
    expect(third.body.pagination).toEqual({ offset: 8, limit: 4, total: 10, hasMore: false });
    const all = [...first.body.markets, ...second.body.markets, ...third.body.markets].map((item) => item.id);
    expect(new Set(all).size).toBe(10);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=x', 'offset'],
    ['status=open', 'status'],
    ['sortBy=volume', 'sortBy'],
    ['sortOrder=descending', 'sortOrder'],
    [`threadId=${t.election}&thread_id=${t.championship}`, 'thread_id'],
    ['category=', 'category'],
    ['threadId=a&threadId=b', 'threadId'],
    ['page=2', 'page'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/markets?${query}`, name),
  );
});

describe('GET /api/markets/featured', () => {
  it('lists the active featured markets, highest volume first, with featured and _meta.count', async () => {
    const { status, body } = await getJson<{ markets: Item[]; _meta: Record<string, unknown> }>(
      `${app.url}/api/markets/featured`,
    );
    expect(status).toBe(200);
    expect(body.markets.map((item) => item.id)).toEqual([2, 8, 1].map(market));
    expect(body._meta).toEqual({ count: 3 });
    for (const item of body.markets) expect(item).toMatchObject({ featured: true, status: 'active' });
    expect((await getJson(`${app.url}/api/markets/featured?limit=2`)).status).toBe(400);
  });
});

describe('GET /api/organizations/{id}/markets', () => {
  it('returns the /api/markets selection for the organization with reduced items', async () => {
    const { status, body } = await getJson<ListBody & { _meta: Record<string, unknown> }>(
      `${app.url}/api/organizations/${o.acme}/markets?sortBy=total_volume`,
    );
    expect(status).toBe(200);
    expect(body.markets.map((item) => item.id)).toEqual(await ids(`organizationId=${o.acme}&sortBy=total_volume`));
    expect(body.markets[0]).toEqual({
      id: market(2),
      question: 'Who will win the 2027 championship?',
      probability: 0.35,
      totalVolume: 50_000,
      status: 'active',
      endTime: Date.parse('2027-06-20T19:00:00Z'),
      category: 'sports',
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    expect(body._meta).toEqual({ organizationId: o.acme, requestedAt: app.clock.now.toISOString() });
    expect(body.pagination).toEqual({ offset: 0, limit: 50, total: 3, hasMore: false });
    const all = await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/markets?status=all&limit=2`);
    expect(all.body.pagination).toEqual({ offset: 0, limit: 2, total: 5, hasMore: true });
  });

  const orgIds = async (query: string): Promise<string[]> =>
    (await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/markets?${query}`)).body.markets.map(
      (item) => item.id,
    );

  it('applies category, as /api/markets filtered by the organization does', async () => {
    expect(await orgIds('status=all&category=science')).toEqual([market(10)]);
    expect(await orgIds('status=all&category=sports')).toEqual([4, 3, 2, 1].map(market));
    expect(await orgIds('category=politics')).toEqual([]);
    expect(await orgIds('status=all&category=sports')).toEqual(
      await ids(`status=all&category=sports&organizationId=${o.acme}`),
    );
  });

  it('applies offset, reporting total and hasMore', async () => {
    const second = await getJson<ListBody>(
      `${app.url}/api/organizations/${o.acme}/markets?status=all&limit=2&offset=2`,
    );
    expect(second.body.markets.map((item) => item.id)).toEqual([3, 2].map(market));
    expect(second.body.pagination).toEqual({ offset: 2, limit: 2, total: 5, hasMore: true });
    const last = await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/markets?status=all&limit=2&offset=4`);
    expect(last.body.markets.map((item) => item.id)).toEqual([market(1)]);
    expect(last.body.pagination).toEqual({ offset: 4, limit: 2, total: 5, hasMore: false });
  });

  it('applies sortOrder: newest first by default, oldest first with asc, and on any sortBy', async () => {
    expect(await orgIds('status=all')).toEqual([10, 4, 3, 2, 1].map(market));
    expect(await orgIds('status=all&sortOrder=asc')).toEqual([1, 2, 3, 4, 10].map(market));
    expect(await orgIds('sortBy=total_volume&sortOrder=asc')).toEqual([1, 4, 2].map(market));
    expect(await orgIds('sortBy=total_volume&sortOrder=desc')).toEqual([2, 4, 1].map(market));
  });

  it.each([
    ['limit=101', 'limit'],
    ['sortBy=volume', 'sortBy'],
    ['sortOrder=down', 'sortOrder'],
    ['offset=-1', 'offset'],
    [`threadId=${t.championship}`, 'threadId'],
    [`organizationId=${o.civic}`, 'organizationId'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(`${app.url}/api/organizations/${o.acme}/markets?${query}`, name),
  );

  it('accepts limit=100, the maximum', async () => {
    const { status, body } = await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/markets?limit=100`);
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ offset: 0, limit: 100, total: 3, hasMore: false });
  });

  it('answers 404 NOT_FOUND for an unknown organization', () =>
    expectPublicError(`${app.url}/api/organizations/nope/markets`, 404, 'Not Found', 'NOT_FOUND'));
});
