import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { insertMarketWithIndexedTrades } from '#tooling/testing/indexed-trades-fixture.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, createCaller, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();
const WAD = 10n ** 18n;
const hour = 3_600_000;
const t0 = Date.UTC(2026, 10, 1, 0, 0, 0);
let caller: TestCaller;
let marketId: string;

beforeAll(async () => {
  caller = await createCaller(kit, { tier: 'free' });
  // Outcome 0: 0.55 then 0.48 in hour 0, 0.6 in hour 2, 0.4 in hour 5 (hours 1, 3 and 4 without a trade).
  marketId = await insertMarketWithIndexedTrades(kit.database.db, [
    { at: new Date(t0 + 60_000), yes: (55n * WAD) / 100n, usdc: 2_000_000n },
    { at: new Date(t0 + 120_000), yes: (48n * WAD) / 100n, usdc: 500_000n },
    { at: new Date(t0 + 2 * hour + 5), yes: (60n * WAD) / 100n, usdc: 7n },
    { at: new Date(t0 + 5 * hour), yes: (40n * WAD) / 100n, usdc: 3n },
  ]);
});

type CandleBody = {
  data: Array<{ start: string; open: string; high: string; low: string; close: string; volume: string }>;
  pagination: { cursor: string | null; hasMore: boolean; limit: number };
};
const window = `from=${new Date(t0).toISOString()}&to=${new Date(t0 + 6 * hour).toISOString()}`;
const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await callAs(kit, caller, 'GET', path, { headers });
  return { response, body: response.json as unknown as CandleBody };
};

describe('GET /v1/markets/{id}/candles', () => {
  it('answers the hand-computed hourly candles as 18-decimal strings, conforming to the description', async () => {
    const { response, body } = await get(`/v1/markets/${marketId}/candles?interval=1h&${window}`);
    expectDescribed(spec, response, 'listMarketCandles', 200);
    const flat = (p: string) => ({ open: p, high: p, low: p, close: p, volume: '0', tradeCount: 0 });
    expect(body.data).toEqual([
      {
        start: '2026-11-01T00:00:00.000Z',
        open: '0.550000000000000000',
        high: '0.550000000000000000',
        low: '0.480000000000000000',
        close: '0.480000000000000000',
        volume: '2500000',
        tradeCount: 2,
      },
      { start: '2026-11-01T01:00:00.000Z', ...flat('0.480000000000000000') },
      {
        start: '2026-11-01T02:00:00.000Z',
        ...flat('0.480000000000000000'),
        high: '0.600000000000000000',
        close: '0.600000000000000000',
        volume: '7',
        tradeCount: 1,
      },
      { start: '2026-11-01T03:00:00.000Z', ...flat('0.600000000000000000') },
      { start: '2026-11-01T04:00:00.000Z', ...flat('0.600000000000000000') },
      {
        start: '2026-11-01T05:00:00.000Z',
        ...flat('0.600000000000000000'),
        low: '0.400000000000000000',
        close: '0.400000000000000000',
        volume: '3',
        tradeCount: 1,
      },
    ]);
    expect(body.pagination).toEqual({ cursor: null, hasMore: false, limit: 100 });
  });

  it('walks pages with the cursor to the same candles, and answers 304 to a matching If-None-Match', async () => {
    const whole = (await get(`/v1/markets/${marketId}/candles?interval=1h&outcomeIndex=1&${window}`)).body.data;
    const walked: CandleBody['data'] = [];
    let cursor: string | null = null;
    do {
      const page: string = `interval=1h&outcomeIndex=1&${window}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { body } = await get(`/v1/markets/${marketId}/candles?${page}`);
      walked.push(...body.data);
      cursor = body.pagination.cursor;
    } while (cursor);
    expect(walked).toEqual(whole);
    expect(whole[0]).toMatchObject({ open: '0.450000000000000000', close: '0.520000000000000000' });

    const first = await get(`/v1/markets/${marketId}/candles?interval=1d&${window}`);
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`/v1/markets/${marketId}/candles?interval=1d&${window}`, { 'If-None-Match': etag });
    expect([again.response.status, again.response.text]).toEqual([304, '']);
  });

  it('refuses bad intervals, outcomes, windows and a cursor of other filters (400), an unknown market (404)', async () => {
    const cursor = (await get(`/v1/markets/${marketId}/candles?interval=1h&${window}&limit=2`)).body.pagination.cursor;
    for (const query of [
      '',
      'interval=2h',
      'interval=1h&outcomeIndex=2',
      'interval=1h&from=yesterday',
      // A leap second: RFC 3339 admits it, a Date cannot hold it.
      'interval=1h&to=2026-06-30T23:59:60Z',
      `interval=1h&from=${new Date(t0).toISOString()}&to=${new Date(t0).toISOString()}`,
      `interval=5m&${window}&cursor=${encodeURIComponent(cursor ?? '')}`,
    ]) {
      const { response } = await get(`/v1/markets/${marketId}/candles?${query}`);
      expectDescribed(spec, response, 'listMarketCandles', 400, 'VALIDATION_FAILED');
    }
    const missing = await get(`/v1/markets/${randomUUID()}/candles?interval=1h`);
    expectDescribed(spec, missing.response, 'listMarketCandles', 404, 'RESOURCE_NOT_FOUND');
  });
});
