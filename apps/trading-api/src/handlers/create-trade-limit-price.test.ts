/* POST /v1/trades with `limitPrice` (issue 31): its bounds, its place on the trade and in the body identity. */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();
const db = () => chainKit.kit.database.db;
const buy = (limitPrice: unknown) => chainKit.buyBody('1', { limitPrice });

describe('POST /v1/trades limitPrice', () => {
  it('stores the limit, returns it on the trade and on reads, and records it on the created step', async () => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, buy('0.550'));
    expectDescribed(spec, response, 'createTrade', 201);
    const { id, limitPrice } = response.json.trade as { id: string; limitPrice: string };
    expect(limitPrice).toBe('0.55');
    const row = await db()('trades').where({ id }).first();
    expect(String(row.limit_price)).toBe('0.550000');
    const read = await callAs(chainKit.kit, trader, 'GET', `/v1/trades/${id}`);
    expectDescribed(spec, read, 'getTrade', 200);
    expect(read.json.trade).toMatchObject({ id, limitPrice: '0.55' });
    const [created] = await listTradeEvents(db(), row.correlation_id);
    expect(created).toMatchObject({ type: 'trade.created', data: { limitPrice: '0.55' } });
  });

  it('shows limitPrice null on a trade placed without one', async () => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, chainKit.buyBody('1'));
    expect((response.json.trade as { limitPrice: unknown }).limitPrice).toBeNull();
  });

  it.each([['0'], ['0.0000000'], ['1'], ['1.0'], ['0.1234567'], ['.5'], ['-0.5'], ['abc'], [0.5]])(
    'refuses limitPrice %p with 400 naming it, and creates nothing',
    async (limitPrice) => {
      const trader = await chainKit.createTrader();
      const response = await chainKit.postTrade(trader, buy(limitPrice));
      expectDescribed(spec, response, 'createTrade', 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(response.json.extensions)).toContain('limitPrice');
      expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(0);
    },
  );

  it('refuses a limit of zero written with six decimals', async () => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, buy('0.000000'));
    expectDescribed(spec, response, 'createTrade', 400, 'VALIDATION_FAILED');
    expect(response.json.extensions).toMatchObject({ field: 'limitPrice' });
  });

  it('accepts the extremes 0.000001 and 0.999999', async () => {
    const trader = await chainKit.createTrader();
    for (const limitPrice of ['0.000001', '0.999999']) {
      const response = await chainKit.postTrade(trader, buy(limitPrice));
      expect([response.status, (response.json.trade as { limitPrice: string }).limitPrice]).toEqual([201, limitPrice]);
    }
  });

  it('is part of the body identity as a value: 0.5 replays 0.50, another limit (or none) conflicts', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    const first = await chainKit.postTrade(trader, buy('0.50'), { 'Idempotency-Key': key });
    const again = await chainKit.postTrade(trader, buy('0.5'), { 'Idempotency-Key': key });
    expect([first.status, again.status, again.json._meta]).toEqual([
      201,
      201,
      expect.objectContaining({ idempotent: true }),
    ]);
    for (const other of [buy('0.51'), chainKit.buyBody('1')]) {
      expectProblemCode(
        await chainKit.postTrade(trader, other, { 'Idempotency-Key': key }),
        409,
        'IDEMPOTENCY_KEY_CONFLICT',
      );
    }
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });

  it('replays through clientRequestId only with the same limit', async () => {
    const trader = await chainKit.createTrader();
    const body = { ...buy('0.7'), clientRequestId: `limit-${randomUUID()}` };
    expect((await chainKit.postTrade(trader, body)).status).toBe(201);
    const replay = await chainKit.postTrade(trader, { ...body, limitPrice: '0.700000' });
    expect([replay.status, replay.json._meta]).toEqual([201, expect.objectContaining({ idempotent: true })]);
    expectProblemCode(
      await chainKit.postTrade(trader, { ...body, limitPrice: '0.71' }),
      409,
      'IDEMPOTENCY_KEY_CONFLICT',
    );
  });
});
