import { describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, createCaller, insertTestMarket } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();

const newMarket = () =>
  insertTestMarket(kit.database.db, {
    status: 'FROZEN',
    currentProbabilities: ['600000000000000000', '400000000000000000'],
  });

describe('GET /v1/markets/{id}', () => {
  it('returns the market under `market` and `data` with _meta, conforming to the description', async () => {
    const market = await newMarket();
    const caller = await createCaller(kit, { tier: 'free' });
    const response = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`);
    expect(response.status).toBe(200);
    expect(response.json.market).toEqual(response.json.data);
    expect(response.json.market).toMatchObject({
      id: market.id,
      status: 'PAUSED',
      outcomes: [
        { outcomeIndex: 0, label: 'YES', probability: '600000000000000000', price: null },
        { outcomeIndex: 1, label: 'NO', probability: '400000000000000000', price: null },
      ],
      volume: { totalUsdc: '0', tradeCount: 0, uniqueTraders: 0 },
    });
    expect(response.json._meta).toEqual({
      requestId: response.headers.get('x-request-id'),
      timestamp: expect.any(String),
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(spec.errors(response.json, 'getMarket', 200)).toEqual([]);
  });

  it('reads the path as the router does: any case of its static segments, and a fragment sent in the target cut off', async () => {
    const market = await newMarket();
    const caller = await createCaller(kit);
    const upper = await callAs(kit, caller, 'GET', `/V1/Markets/${market.id}`);
    expect({ status: upper.status, id: (upper.json.market as { id?: string } | undefined)?.id }).toEqual({
      status: 200,
      id: market.id,
    });
    // fetch drops a fragment; node:http sends the target as given (a fragment with malformed escapes was a 500).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const { hostname, port } = new URL(kit.url);
      const sent = request({
        ...{ hostname, port, path: `/v1/markets/${market.id}#%zz` },
        headers: { 'X-API-Key': caller.key, 'X-Forwarded-For': caller.ip },
      });
      sent.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(status).toBe(200);
  });

  it('answers 304 with an empty body and the same weak ETag when If-None-Match matches', async () => {
    const market = await newMarket();
    const caller = await createCaller(kit);
    const first = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-ratelimit-remaining')).toBe(String(1200 - 2));
    await kit.database.db('markets').where({ id: market.id }).update({ question: 'Changed?' });
    const changed = await callAs(kit, caller, 'GET', `/v1/markets/${market.id}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('computes ETags per key: another key never matches', async () => {
    const market = await newMarket();
    const [a, b] = await Promise.all([createCaller(kit), createCaller(kit)]);
    const etag = (await callAs(kit, a, 'GET', `/v1/markets/${market.id}`)).headers.get('etag')!;
    const other = await callAs(kit, b, 'GET', `/v1/markets/${market.id}`, { headers: { 'If-None-Match': etag } });
    expect(other.status).toBe(200);
  });

  it('returns 404 RESOURCE_NOT_FOUND for an unknown market', async () => {
    const caller = await createCaller(kit);
    const response = await callAs(kit, caller, 'GET', '/v1/markets/00000000-0000-4000-8000-000000000000');
    expectDescribed(spec, response, 'getMarket', 404, 'RESOURCE_NOT_FOUND');
  });
});
