/* Idempotency of POST /v1/trades (Idempotency-Key and clientRequestId), also under concurrency, on a real chain. */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';
import { type TradingChainKit } from '#tooling/kits/trading-api/trading-chain-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();

const db = () => chainKit.kit.database.db;
const buy = (amount: string, extra: Record<string, unknown> = {}) =>
  chainKit.buyBody(amount, { outcomeIndex: 1, ...extra });
const post = (...args: Parameters<TradingChainKit['postTrade']>) => chainKit.postTrade(...args);
const tradeIdOf = (response: { json: Record<string, unknown> }) => (response.json.trade as { id: string }).id;

describe('Idempotency-Key', () => {
  it('replays the original 201 with _meta.idempotent true for the same body, comparing the amount by value', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    const first = await post(trader, buy('1.5', { metadata: { a: '1', b: '2' } }), { 'Idempotency-Key': key });
    const again = await post(trader, buy('1.50', { metadata: { b: '2', a: '1' } }), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json._meta).toMatchObject({ idempotent: true });
    expect(spec.errors(again.json, 'createTrade', 201)).toEqual([]);
    expect(tradeIdOf(again)).toBe(tradeIdOf(first));
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_CONFLICT for another body under the same key, and creates nothing', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    await post(trader, buy('2'), { 'Idempotency-Key': key });
    for (const other of [buy('2.000001'), buy('2', { outcomeIndex: 0 }), buy('2', { metadata: { x: 'y' } })]) {
      const response = await post(trader, other, { 'Idempotency-Key': key });
      expectProblemCode(response, 409, 'IDEMPOTENCY_KEY_CONFLICT');
    }
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });

  it('scopes keys per API key and frees a key after 24 hours', async () => {
    const trader = await chainKit.createTrader();
    const other = await chainKit.createTrader();
    const key = randomUUID();
    const first = await post(trader, buy('1'), { 'Idempotency-Key': key });
    const elsewhere = await post(other, buy('1'), { 'Idempotency-Key': key });
    expect(tradeIdOf(elsewhere)).not.toBe(tradeIdOf(first));
    chainKit.kit.clock.advance(24 * 60 * 60 * 1000 + 1);
    try {
      const later = await post(trader, buy('3'), { 'Idempotency-Key': key });
      expect(later.status).toBe(201);
      expect(later.json._meta).toMatchObject({ idempotent: false });
      expect(tradeIdOf(later)).not.toBe(tradeIdOf(first));
    } finally {
      chainKit.kit.clock.advance(-(24 * 60 * 60 * 1000 + 1));
    }
  });

  it('refuses a malformed key with 400 VALIDATION_FAILED', async () => {
    const trader = await chainKit.createTrader();
    const response = await post(trader, buy('1'), { 'Idempotency-Key': 'not allowed!' });
    expectProblemCode(response, 400, 'VALIDATION_FAILED');
  });

  it('creates exactly one trade for 50 concurrent identical requests, and every answer carries it', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(trader, buy('4'), { 'Idempotency-Key': key })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 201));
    expect(new Set(responses.map(tradeIdOf)).size).toBe(1);
    expect(responses.filter((response) => (response.json._meta as { idempotent: boolean }).idempotent)).toHaveLength(
      49,
    );
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
    expect(await chainKit.tradeJobs(tradeIdOf(responses[0]!))).toHaveLength(1);
  });
});

describe('clientRequestId', () => {
  it('returns the existing trade for the same body with no time limit, and 409 for another body', async () => {
    const trader = await chainKit.createTrader();
    const first = await post(trader, buy('1', { clientRequestId: 'order-7' }));
    chainKit.kit.clock.advance(3 * 24 * 60 * 60 * 1000);
    try {
      const again = await post(trader, buy('1.0', { clientRequestId: 'order-7' }));
      expect(again.status).toBe(201);
      expect(again.json._meta).toMatchObject({ idempotent: true });
      expect(tradeIdOf(again)).toBe(tradeIdOf(first));
      const conflict = await post(trader, buy('9', { clientRequestId: 'order-7' }));
      expectProblemCode(conflict, 409, 'IDEMPOTENCY_KEY_CONFLICT');
    } finally {
      chainKit.kit.clock.advance(-3 * 24 * 60 * 60 * 1000);
    }
  });

  it('binds a new Idempotency-Key sent with a replayed clientRequestId to that trade: the key then conflicts on another body', async () => {
    const trader = await chainKit.createTrader();
    const first = await post(trader, buy('1', { clientRequestId: 'order-8' }));
    const key = randomUUID();
    const replay = await post(trader, buy('1', { clientRequestId: 'order-8' }), { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.json._meta).toMatchObject({ idempotent: true });
    expect(tradeIdOf(replay)).toBe(tradeIdOf(first));

    const byKey = await post(trader, buy('1', { clientRequestId: 'order-8' }), { 'Idempotency-Key': key });
    expect(tradeIdOf(byKey)).toBe(tradeIdOf(first));
    const other = await post(trader, buy('4'), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT', extensions: { field: 'Idempotency-Key' } });
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
    expect(await db()('idempotency_keys').where({ api_key_id: trader.record.id, idem_key: key })).toEqual([
      expect.objectContaining({ trade_id: tradeIdOf(first), response_status: 201 }),
    ]);
  });

  it('creates exactly one trade for 50 concurrent requests with one clientRequestId', async () => {
    const trader = await chainKit.createTrader();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(trader, buy('2', { clientRequestId: 'burst' }))),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(new Set(responses.map(tradeIdOf)).size).toBe(1);
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });
});

describe('replays after the market stopped trading', () => {
  it('answer the original trade for both mechanisms while a new request gets 422 MARKET_NOT_TRADEABLE', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    const body = buy('1', { clientRequestId: `crid-${randomUUID()}` });
    const first = await post(trader, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    await db()('markets').where({ id: chainKit.marketId }).update({ status: 'FROZEN' });
    try {
      const retries: Array<Record<string, string>> = [{ 'Idempotency-Key': key }, {}];
      for (const headers of retries) {
        const replay = await post(trader, body, headers);
        expect(replay.status).toBe(201);
        expect(replay.json._meta).toMatchObject({ idempotent: true });
        expect(tradeIdOf(replay)).toBe(tradeIdOf(first));
      }
      const fresh = await post(trader, buy('1'), { 'Idempotency-Key': randomUUID() });
      expectProblemCode(fresh, 422, 'MARKET_NOT_TRADEABLE');
    } finally {
      await db()('markets').where({ id: chainKit.marketId }).update({ status: 'OPEN' });
    }
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });
});

describe('high-value trades', () => {
  it('replays 202 with the same token before confirmation and 200 after it', async () => {
    const trader = await chainKit.createTrader({ highValueThreshold: 10_000_000n });
    const key = randomUUID();
    const first = await post(trader, buy('10'), { 'Idempotency-Key': key });
    expectDescribed(spec, first, 'createTrade', 202);
    const replay = await post(trader, buy('10'), { 'Idempotency-Key': key });
    expect(replay.status).toBe(202);
    expect(replay.json.confirmation).toEqual(first.json.confirmation);
    expect(replay.json._meta).toMatchObject({ idempotent: true });
    const { token } = first.json.confirmation as { token: string };
    const confirmed = await callAs(chainKit.kit, trader, 'POST', `/v1/trades/${tradeIdOf(first)}/confirm`, {
      body: { token },
    });
    expect(confirmed.status).toBe(200);
    const after = await post(trader, buy('10'), { 'Idempotency-Key': key });
    expect(after.status).toBe(200);
    expect(after.json._meta).toMatchObject({ idempotent: true });
    expect(after.json.confirmation).toBeUndefined();
    expect(spec.errors(after.json, 'createTrade', 200)).toEqual([]);
  });
});
