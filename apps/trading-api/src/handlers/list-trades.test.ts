import { describe, expect, it } from '@jest/globals';
import type { TradeStatus } from '#shared/domain/trade-states.js';
import { CURSOR_MAX_AGE_MS } from '../http/cursor.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  addCallerKey,
  callAs,
  createCaller,
  insertCallerTrade,
  insertTestMarket,
  insertTradeWebhookEvent,
  NO_WEBHOOK_DELIVERY_YET,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();

const BASE = Date.parse('2026-10-01T00:00:00.000Z');

interface ListedTrade {
  id: string;
  marketId: string;
  status: string;
  webhookDelivery: { status: string; attempts: number; lastStatusCode: number | null } | null;
}
interface ListBody {
  data: ListedTrade[];
  pagination: { cursor: string | null; hasMore: boolean; limit: number };
}

const newMarket = async () => (await insertTestMarket(kit.database.db)).id;

/**
 * `count` trades of `caller`'s key, created_at descending with the index (pairs share one instant, so the id breaks
 * ties); returns their ids newest first, as the API orders them.
 */
async function seedTrades(
  caller: TestCaller,
  count: number,
  options: { marketId?: string; status?: TradeStatus; baseMs?: number } = {},
): Promise<string[]> {
  const marketId = options.marketId ?? (await newMarket());
  const trades = [];
  for (let index = 0; index < count; index += 1) {
    trades.push(
      await insertCallerTrade(kit.database.db, caller, {
        marketId,
        status: options.status ?? 'pending',
        createdAt: new Date((options.baseMs ?? BASE) - Math.floor(index / 2) * 1000),
      }),
    );
  }
  return newestFirst(trades);
}

const newestFirst = (trades: Array<{ id: string; createdAt: Date }>) =>
  [...trades]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((trade) => trade.id);

async function list(caller: TestCaller, query = '') {
  const response = await callAs(kit, caller, 'GET', `/v1/trades${query ? `?${query}` : ''}`);
  if (response.status === 200) expect(spec.errors(response.json, 'listTrades', 200)).toEqual([]);
  return { response, body: response.json as unknown as ListBody };
}

const idsOf = async (caller: TestCaller, query = '') => (await list(caller, query)).body.data.map((trade) => trade.id);

/** Follows the cursors to the end, running `between` before each page after the first. */
async function walk(caller: TestCaller, query: string, between?: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    if (cursor !== null) await between?.();
    const { response, body } = await list(caller, cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
    expect(response.status).toBe(200);
    seen.push(...body.data.map((trade) => trade.id));
    if (!body.pagination.hasMore) {
      expect(body.pagination.cursor).toBeNull();
      return seen;
    }
    cursor = body.pagination.cursor;
  }
  throw new Error('walk did not end');
}

describe('GET /v1/trades', () => {
  it("lists the user's trades of every key newest first, with their webhookDelivery, and never another user's", async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    const sibling = await addCallerKey(kit, caller, { scopes: ['trades:read'], webhookUrl: 'https://hooks.test/a' });
    const stranger = await createCaller(kit, { scopes: ['trades:read'] });
    const marketId = await newMarket();
    const own = await seedTrades(caller, 3, { marketId, baseMs: BASE });
    const viaSibling = await seedTrades(sibling, 2, { marketId, baseMs: BASE + 60_000 });
    const theirs = await seedTrades(stranger, 2, { marketId, baseMs: BASE + 120_000 });
    await insertTradeWebhookEvent(
      kit.database.db,
      { id: own[0]!, apiKeyId: caller.record.id },
      { status: 'delivered', attempts: 2, last_status_code: 200 },
    );

    const { response, body } = await list(caller);
    expect(response.status).toBe(200);
    expect(body.data.map((trade) => trade.id)).toEqual([...viaSibling, ...own]);
    expect(body.data.some((trade) => theirs.includes(trade.id))).toBe(false);
    expect(body.pagination).toEqual({ cursor: null, hasMore: false, limit: 20 });
    expect(response.json._meta).toEqual({ requestId: expect.any(String), timestamp: expect.any(String) });
    const delivery = (id: string) => body.data.find((trade) => trade.id === id)?.webhookDelivery;
    // The caller's key has no webhook URL: nothing to deliver, except the event recorded for the first trade.
    expect(delivery(own[0]!)).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(delivery(own[1]!)).toBeNull();
    // The sibling key has a webhook URL but no event yet: `none`.
    expect(delivery(viaSibling[0]!)).toEqual(NO_WEBHOOK_DELIVERY_YET);

    // Another key of the same user sees the same trades; the other user sees only theirs.
    expect(await idsOf(sibling)).toEqual([...viaSibling, ...own]);
    expect(await idsOf(stranger)).toEqual(theirs);
  });

  it('filters by a comma-separated status list and by marketId, alone and together', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    const [marketA, marketB] = [await newMarket(), await newMarket()];
    const completedA = await seedTrades(caller, 2, { marketId: marketA, status: 'completed', baseMs: BASE + 3000 });
    const failedB = await seedTrades(caller, 1, { marketId: marketB, status: 'failed', baseMs: BASE + 2000 });
    const pendingA = await seedTrades(caller, 1, { marketId: marketA, status: 'pending', baseMs: BASE + 1000 });
    const rejectedB = await seedTrades(caller, 1, { marketId: marketB, status: 'rejected', baseMs: BASE });

    expect(await idsOf(caller, 'status=completed')).toEqual(completedA);
    expect(await idsOf(caller, 'status=failed,rejected')).toEqual([...failedB, ...rejectedB]);
    expect(await idsOf(caller, `marketId=${marketA}`)).toEqual([...completedA, ...pendingA]);
    expect(await idsOf(caller, `marketId=${marketB}&status=rejected,completed`)).toEqual(rejectedB);
    expect(await idsOf(caller, 'status=executing')).toEqual([]);
  });

  it('walks every trade once across pages with ties on created_at, even while trades are placed mid-walk', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    const marketId = await newMarket();
    const existing = await seedTrades(caller, 11, { marketId });
    let placed = 0;
    const placeMore = async () => {
      // Placed during the walk: newer than every trade that existed when it started.
      await seedTrades(caller, 2, { marketId, baseMs: BASE + 3_600_000 + placed * 1000 });
      placed += 2;
    };
    const seen = await walk(caller, `marketId=${marketId}&limit=3`, placeMore);
    expect(placed).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(existing);
    // A fresh walk sees everything, new trades first.
    const fresh = await walk(caller, `marketId=${marketId}&limit=4`);
    expect(fresh).toHaveLength(existing.length + placed);
    expect(fresh.slice(placed)).toEqual(existing);
  });

  it('applies the default limit 20, clamps larger limits to 100 and refuses limit 0', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    const all = await seedTrades(caller, 103);
    const first = await list(caller);
    expect(first.body.data.map((trade) => trade.id)).toEqual(all.slice(0, 20));
    expect(first.body.pagination).toEqual({ cursor: expect.any(String), hasMore: true, limit: 20 });
    const clamped = await list(caller, 'limit=1000');
    expect(clamped.body.data.map((trade) => trade.id)).toEqual(all.slice(0, 100));
    expect(clamped.body.pagination).toMatchObject({ hasMore: true, limit: 100 });
    const rest = await list(caller, `limit=1000&cursor=${encodeURIComponent(clamped.body.pagination.cursor!)}`);
    expect(rest.body.data.map((trade) => trade.id)).toEqual(all.slice(100));
    expect(rest.body.pagination).toEqual({ cursor: null, hasMore: false, limit: 100 });
    const zero = await list(caller, 'limit=0');
    expectProblemCode(zero.response, 400, 'VALIDATION_FAILED');
  });

  it.each(['status=done', 'status=pending,,failed', 'marketId=nope', 'cursor='])(
    'answers 400 VALIDATION_FAILED to %s',
    async (query) => {
      const { response } = await list(await createCaller(kit, { scopes: ['trades:read'] }), query);
      expectDescribed(spec, response, 'listTrades', 400, 'VALIDATION_FAILED');
    },
  );

  it('refuses a cursor reused with other filters (400 VALIDATION_FAILED); the order of statuses does not matter', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    const marketId = await newMarket();
    const completed = await seedTrades(caller, 3, { marketId, status: 'completed' });
    const cursor = encodeURIComponent((await list(caller, `status=completed,failed&limit=1`)).body.pagination.cursor!);
    for (const query of [`status=completed`, `status=completed,failed&marketId=${marketId}`, '']) {
      const { response } = await list(caller, `${query}&limit=1&cursor=${cursor}`);
      expect({ query, status: response.status, code: response.json.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(response.json.detail).toMatch(/filters/);
      expect(spec.errors(response.json, 'listTrades', 400)).toEqual([]);
    }
    // Same filters in another order, and another page size: the walk goes on.
    const next = await list(caller, `status=failed,completed&limit=5&cursor=${cursor}`);
    expect(next.response.status).toBe(200);
    expect(next.body.data.map((trade) => trade.id)).toEqual(completed.slice(1));
  });

  it('answers 304 to a page that has not changed, however many pages follow it (its cursor is the same)', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    await seedTrades(caller, 3);
    const first = await list(caller, 'limit=1');
    expect(first.body.pagination.hasMore).toBe(true);
    const again = await list(caller, 'limit=1');
    expect(again.body.pagination.cursor).toBe(first.body.pagination.cursor);
    const etag = first.response.headers.get('etag')!;
    const unchanged = await callAs(kit, caller, 'GET', '/v1/trades?limit=1', { headers: { 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
  });

  // Last: moves the app's clock forward a week.
  it('refuses a cursor older than 7 days', async () => {
    const caller = await createCaller(kit, { scopes: ['trades:read'] });
    await seedTrades(caller, 3);
    const cursor = encodeURIComponent((await list(caller, 'limit=1')).body.pagination.cursor!);
    kit.clock.advance(CURSOR_MAX_AGE_MS - 60_000);
    expect((await list(caller, `limit=1&cursor=${cursor}`)).response.status).toBe(200);
    // Its issue time is the hour it was issued in: it lives 7 days from that hour's end at most.
    kit.clock.advance(60 * 60_000 + 120_000);
    const expired = await list(caller, `limit=1&cursor=${cursor}`);
    expectProblemCode(expired.response, 400, 'VALIDATION_FAILED');
    expect(expired.response.json.detail).toMatch(/expired/);
  });
});
