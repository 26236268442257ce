import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { upsertMarketTrades, type NewMarketTrade } from '#shared/db/market-trades/market-trades.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  callAs,
  createCaller,
  insertTestMarket,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();
let caller: TestCaller;
beforeAll(async () => {
  caller = await createCaller(kit, { tier: 'free' });
});

const BASE = Date.parse('2026-11-01T00:00:00.000Z');
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;

function trade(marketId: string, index: number, overrides: Partial<NewMarketTrade> = {}): NewMarketTrade {
  return {
    id: randomUUID(),
    marketId,
    chainId: 31337,
    txHash: hex(32),
    logIndex: 0,
    blockNumber: BigInt(index + 1),
    // Pairs of trades share a block time (ties are broken by id).
    blockTime: new Date(BASE - Math.floor(index / 2) * 1000),
    trader: hex(20),
    tradeId: null,
    outcomeIndex: index % 2,
    side: index % 3 === 0 ? 'sell' : 'buy',
    usdc: BigInt(1_000_000 + index),
    tokens: 2n * 10n ** 18n,
    price: 5n * 10n ** 17n,
    probabilityAfter: 6n * 10n ** 17n,
    ...overrides,
  };
}

async function seed(count: number) {
  const market = await insertTestMarket(kit.database.db);
  const trades = Array.from({ length: count }, (_, index) => trade(market.id, index));
  await upsertMarketTrades(kit.database.db, trades);
  const newestFirst = [...trades].sort((a, b) =>
    a.blockTime.getTime() !== b.blockTime.getTime()
      ? b.blockTime.getTime() - a.blockTime.getTime()
      : a.id < b.id
        ? 1
        : -1,
  );
  return { marketId: market.id, trades: newestFirst };
}

type ListBody = {
  data: Array<Record<string, unknown> & { id: string }>;
  pagination: { cursor: string | null; hasMore: boolean; limit: number };
};

async function list(path: string) {
  const response = await callAs(kit, caller, 'GET', path);
  return { response, body: response.json as unknown as ListBody };
}

describe('GET /v1/markets/{id}/predictions', () => {
  it('returns the market trades newest first, default limit 50, conforming to the description', async () => {
    const { marketId, trades } = await seed(53);
    const { response, body } = await list(`/v1/markets/${marketId}/predictions`);
    expectDescribed(spec, response, 'listMarketPredictions', 200);
    expect(body.pagination).toEqual({ cursor: expect.any(String), hasMore: true, limit: 50 });
    expect(body.data.map((item) => item.id)).toEqual(trades.slice(0, 50).map((t) => t.id));
    const first = trades[0]!;
    expect(body.data[0]).toEqual({
      id: first.id,
      outcomeIndex: first.outcomeIndex,
      side: first.side,
      usdc: first.usdc.toString(),
      tokens: '2000000000000000000',
      price: '500000000000000000',
      probabilityAfter: '600000000000000000',
      trader: first.trader,
      txHash: first.txHash,
      occurredAt: first.blockTime.toISOString(),
    });
    const next = await list(
      `/v1/markets/${marketId}/predictions?cursor=${encodeURIComponent(body.pagination.cursor!)}`,
    );
    expect(next.body.data.map((item) => item.id)).toEqual(trades.slice(50).map((t) => t.id));
    expect(next.body.pagination).toEqual({ cursor: null, hasMore: false, limit: 50 });
  });

  it('filters by outcomeIndex and side across pages, with no duplicates while new trades arrive', async () => {
    const { marketId, trades } = await seed(30);
    const expected = trades.filter((t) => t.outcomeIndex === 1 && t.side === 'buy').map((t) => t.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `outcomeIndex=1&side=buy&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const [{ response, body }] = await Promise.all([
        list(`/v1/markets/${marketId}/predictions?${query}`),
        upsertMarketTrades(kit.database.db, [
          trade(marketId, 0, { outcomeIndex: 1, side: 'buy', blockTime: new Date(BASE + 60_000) }),
        ]),
      ]);
      expect(response.status).toBe(200);
      expect(body.data.every((item) => item.outcomeIndex === 1 && item.side === 'buy')).toBe(true);
      seen.push(...body.data.map((item) => item.id));
      cursor = body.pagination.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('refuses a cursor of other filters or another market (400), and answers 404 for an unknown market', async () => {
    const { marketId } = await seed(5);
    const cursor = (await list(`/v1/markets/${marketId}/predictions?limit=2`)).body.pagination.cursor!;
    const other = await seed(5);
    for (const path of [
      `/v1/markets/${marketId}/predictions?limit=2&side=buy&cursor=${encodeURIComponent(cursor)}`,
      `/v1/markets/${other.marketId}/predictions?limit=2&cursor=${encodeURIComponent(cursor)}`,
      `/v1/markets/${marketId}/predictions?side=hold`,
      `/v1/markets/${marketId}/predictions?outcomeIndex=-1`,
    ]) {
      const { response } = await list(path);
      expect({ path, status: response.status, code: response.json.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(spec.errors(response.json, 'listMarketPredictions', 400)).toEqual([]);
    }
    const missing = await list(`/v1/markets/${randomUUID()}/predictions`);
    expectDescribed(spec, missing.response, 'listMarketPredictions', 404, 'RESOURCE_NOT_FOUND');
  });
});
