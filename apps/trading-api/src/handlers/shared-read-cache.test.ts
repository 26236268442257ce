import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { updateMarketStatus } from '#shared/db/markets/markets.repository.js';
import { callAs, createCaller, insertTestMarket } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit({ readCacheMs: 1_000 });

const newMarket = (id?: string) =>
  insertTestMarket(kit.database.db, { ...(id ? { id } : {}), category: `cache-${randomUUID()}` });

type MarketBody = { market: { status: string }; _meta: { requestId: string } };

describe('market reads micro-cache (READ_CACHE_MS)', () => {
  it('serves a market from the cache for 1 s after a change, then reads MySQL again', async () => {
    const market = await newMarket();
    const caller = await createCaller(kit);
    const first = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`);
    expect((first.json as MarketBody).market.status).toBe('ACTIVE');
    await updateMarketStatus(kit.database.db, { marketId: market.id, from: ['OPEN'], to: 'FROZEN' });

    const cached = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`);
    expect((cached.json as MarketBody).market.status).toBe('ACTIVE');
    expect((cached.json as MarketBody)._meta.requestId).toBe(cached.headers.get('x-request-id'));
    expect((cached.json as MarketBody)._meta.requestId).not.toBe((first.json as MarketBody)._meta.requestId);
    expect(cached.headers.get('etag')).toBe(first.headers.get('etag'));

    kit.clock.advance(1_001);
    const fresh = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`);
    expect((fresh.json as MarketBody).market.status).toBe('PAUSED');
    expect(fresh.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('shares cached reads across users but keeps ETags per key', async () => {
    const market = await newMarket();
    const [alice, bob] = await Promise.all([createCaller(kit), createCaller(kit)]);
    const forAlice = await callAs(kit, alice, 'GET', `/v1/markets/${market.id}`);
    await updateMarketStatus(kit.database.db, { marketId: market.id, from: ['OPEN'], to: 'FROZEN' });
    const forBob = await callAs(kit, bob, 'GET', `/v1/markets/${market.id}`);
    expect((forBob.json as MarketBody).market).toEqual((forAlice.json as MarketBody).market);
    expect(forBob.headers.get('etag')).not.toBe(forAlice.headers.get('etag'));
  });

  it('never caches an error: a market created right after a 404 is found at once', async () => {
    const id = randomUUID();
    const caller = await createCaller(kit);
    expect((await callAs(kit, caller, 'GET', `/v1/markets/${id}`)).status).toBe(404);
    await newMarket(id);
    expect((await callAs(kit, caller, 'GET', `/v1/markets/${id}`)).status).toBe(200);
  });

  it('caches each list query separately', async () => {
    const market = await newMarket();
    const { category } = market;
    const caller = await createCaller(kit);
    const first = await callAs(kit, caller, 'GET', `/v1/markets?category=${category}`);
    expect(first.json.data).toHaveLength(1);
    await insertTestMarket(kit.database.db, { category });
    expect((await callAs(kit, caller, 'GET', `/v1/markets?category=${category}`)).json.data).toHaveLength(1);
    expect((await callAs(kit, caller, 'GET', `/v1/markets?category=${category}&limit=5`)).json.data).toHaveLength(2);
  });
});
