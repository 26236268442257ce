import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { MarketState as MarketStatus } from '#shared/domain/market-status.js';
import { CURSOR_MAX_AGE_MS } from '../http/cursor.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, createCaller, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();
let caller: TestCaller;
beforeAll(async () => {
  caller = await createCaller(kit, { tier: 'free' });
});

const BASE = Date.parse('2026-10-01T00:00:00.000Z');

/** `count` markets of a fresh category; created_at descends with the index, pairs of rows share one instant. */
async function seedMarkets(count: number, status: MarketStatus = 'OPEN', category = `c-${randomUUID().slice(0, 8)}`) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const market = await insertMarket(kit.database.db, {
      question: `Q${index}?`,
      category,
      outcomes: ['YES', 'NO'],
      status,
    });
    await kit.database
      .db('markets')
      .where({ id: market.id })
      .update({ created_at: new Date(BASE - Math.floor(index / 2) * 1000) });
    ids.push(market.id);
  }
  // Newest first: created_at desc, then id desc within an instant.
  const rows = (await kit.database
    .db('markets')
    .select('id')
    .where({ category })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as Array<{ id: string }>;
  return { category, ids: rows.map((row) => row.id).filter((id) => ids.includes(id)) };
}

type ListBody = {
  data: Array<{ id: string; status: string }>;
  pagination: { cursor: string | null; hasMore: boolean; limit: number };
};

async function list(query: string) {
  const response = await callAs(kit, caller, 'GET', `/v1/markets?${query}`);
  return { response, body: response.json as unknown as ListBody };
}

async function walk(baseQuery: string, between?: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const query: string = cursor ? `${baseQuery}&cursor=${encodeURIComponent(cursor)}` : baseQuery;
    const [{ response, body }]: [Awaited<ReturnType<typeof list>>, unknown] = await Promise.all([
      list(query),
      between?.(),
    ]);
    expectDescribed(spec, response, 'listMarkets', 200);
    seen.push(...body.data.map((market) => market.id));
    if (!body.pagination.hasMore) {
      expect(body.pagination.cursor).toBeNull();
      return seen;
    }
    cursor = body.pagination.cursor;
  }
  throw new Error('walk did not end');
}

describe('GET /v1/markets', () => {
  it('returns the list envelope, newest first, default limit 20 and the active filter by default', async () => {
    const { category, ids } = await seedMarkets(23);
    await seedMarkets(2, 'FROZEN', category);
    const { response, body } = await list(`category=${category}`);
    expect(response.status).toBe(200);
    expect(body.data.map((market) => market.id)).toEqual(ids.slice(0, 20));
    expect(body.data.every((market) => market.status === 'ACTIVE')).toBe(true);
    expect(body.pagination).toEqual({ cursor: expect.any(String), hasMore: true, limit: 20 });
    expect(response.json._meta).toEqual({ requestId: expect.any(String), timestamp: expect.any(String) });
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(spec.errors(response.json, 'listMarkets', 200)).toEqual([]);
  });

  it('walks every row once across pages with ties on created_at, and clamps limit to 100', async () => {
    const { category, ids } = await seedMarkets(13);
    expect(await walk(`category=${category}&limit=4`)).toEqual(ids);
    const { body } = await list(`category=${category}&limit=1000`);
    expect(body.pagination).toEqual({ cursor: null, hasMore: false, limit: 100 });
    expect(body.data).toHaveLength(13);
  });

  it('never duplicates or skips rows when markets are inserted during the walk', async () => {
    const { category, ids } = await seedMarkets(17);
    let inserted = 0;
    const insertSome = async () => {
      await Promise.all(
        [0, 1, 2].map(() =>
          insertMarket(kit.database.db, { question: `New ${inserted++}?`, category, outcomes: ['A', 'B'] }),
        ),
      );
    };
    const seen = await walk(`category=${category}&limit=3`, insertSome);
    expect(inserted).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('filters by status forms (paused, refunded, all) and by threadId', async () => {
    const category = `c-${randomUUID().slice(0, 8)}`;
    const paused = await seedMarkets(1, 'FROZEN', category);
    const cancelled = await seedMarkets(1, 'CANCELLED', category);
    const open = await seedMarkets(1, 'OPEN', category);
    const ids = async (query: string) => (await list(`category=${category}&${query}`)).body.data.map((m) => m.id);
    expect(await ids('status=paused')).toEqual(paused.ids);
    expect(await ids('status=refunded')).toEqual(cancelled.ids);
    expect(await ids('status=cancelled')).toEqual(cancelled.ids);
    expect(new Set(await ids('status=all'))).toEqual(new Set([...paused.ids, ...cancelled.ids, ...open.ids]));
    const threadId = randomUUID();
    await kit.database
      .db('threads')
      .insert({ id: threadId, title: 'T', description: '', status: 'active', category: 'x', tags: '[]' });
    await kit.database.db('markets').where({ id: open.ids[0] }).update({ thread_id: threadId });
    expect(await ids(`threadId=${threadId}`)).toEqual(open.ids);
    expect(await ids(`threadId=${randomUUID()}`)).toEqual([]);
  });

  it.each(['status=open', 'limit=0', 'limit=abc', 'threadId=nope', 'cursor='])(
    'answers 400 VALIDATION_FAILED to %s',
    async (query) => {
      expectDescribed(spec, (await list(query)).response, 'listMarkets', 400, 'VALIDATION_FAILED');
    },
  );

  it('refuses a cursor used with other filters or tampered with (400 VALIDATION_FAILED)', async () => {
    const { category } = await seedMarkets(3);
    const cursor = (await list(`category=${category}&limit=1`)).body.pagination.cursor!;
    const otherFilters = await list(`category=${category}&status=all&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expectProblemCode(otherFilters.response, 400, 'VALIDATION_FAILED');
    expect(otherFilters.response.json.detail).toMatch(/filters/);
    // The limit is not a filter: a walk may change its page size.
    expect((await list(`category=${category}&limit=2&cursor=${encodeURIComponent(cursor)}`)).response.status).toBe(200);
    const [body, signature] = cursor.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, s: Date.now() })).toString('base64url')}.${signature}`;
    const tampered = await list(`category=${category}&limit=1&cursor=${encodeURIComponent(forged)}`);
    expectDescribed(spec, tampered.response, 'listMarkets', 400, 'VALIDATION_FAILED');
  });

  // Last: moves the app's clock forward a week.
  it('refuses a cursor older than 7 days', async () => {
    const { category } = await seedMarkets(3);
    const cursor = (await list(`category=${category}&limit=1`)).body.pagination.cursor!;
    kit.clock.advance(CURSOR_MAX_AGE_MS - 60_000);
    expect((await list(`category=${category}&limit=1&cursor=${encodeURIComponent(cursor)}`)).response.status).toBe(200);
    // Its issue time is the hour it was issued in: it lives 7 days from that hour's end at most.
    kit.clock.advance(60 * 60_000 + 120_000);
    const expired = await list(`category=${category}&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expectProblemCode(expired.response, 400, 'VALIDATION_FAILED');
    expect(expired.response.json.detail).toMatch(/expired/);
  });
});
