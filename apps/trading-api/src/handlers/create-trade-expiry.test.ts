/* POST /v1/trades with `expiresAt` (issue 31): the client's execution deadline, its bounds and its idempotency. */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();
const db = () => chainKit.kit.database.db;
const inMs = (ms: number) => new Date(chainKit.kit.clock.now() + ms).toISOString();
const buy = (expiresAt: string) => chainKit.buyBody('1', { expiresAt });

describe('POST /v1/trades expiresAt', () => {
  it('stores the deadline as the trade’s execution deadline, shows it and records it on the created step', async () => {
    const trader = await chainKit.createTrader();
    const expiresAt = inMs(10 * 60_000);
    const response = await chainKit.postTrade(trader, buy(expiresAt));
    expectDescribed(spec, response, 'createTrade', 201);
    const { id } = response.json.trade as { id: string };
    expect(response.json.trade).toMatchObject({ expiresAt });
    const row = await db()('trades').where({ id }).first();
    expect(new Date(row.execution_deadline).toISOString()).toBe(expiresAt);
    const [created] = await listTradeEvents(db(), row.correlation_id);
    expect(created).toMatchObject({ type: 'trade.created', data: { expiresAt } });
    const read = await callAs(chainKit.kit, trader, 'GET', `/v1/trades/${id}`);
    expect(read.json.trade).toMatchObject({ id, expiresAt });
  });

  it('shows null for a trade without one until execution sets the server’s', async () => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, chainKit.buyBody('1'));
    expectDescribed(spec, response, 'createTrade', 201);
    expect(response.json.trade).toMatchObject({ expiresAt: null });
  });

  it.each([
    ['in the past', -1_000],
    ['now', 0],
    ['more than one hour ahead', 60 * 60_000 + 1_000],
  ])('refuses a deadline %s with 400 naming expiresAt, and creates nothing', async (_, offsetMs) => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, buy(inMs(offsetMs)));
    expectDescribed(spec, response, 'createTrade', 400, 'VALIDATION_FAILED');
    expect(response.json.extensions).toMatchObject({ field: 'expiresAt' });
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(0);
  });

  it('refuses a value that is not a date-time with 400 naming expiresAt', async () => {
    const trader = await chainKit.createTrader();
    const response = await chainKit.postTrade(trader, buy('tomorrow'));
    expectDescribed(spec, response, 'createTrade', 400, 'VALIDATION_FAILED');
    expect(response.json.extensions).toMatchObject({ field: 'expiresAt' });
  });

  it('is part of the body identity: the same deadline replays, another one (or none) conflicts', async () => {
    const trader = await chainKit.createTrader();
    const key = randomUUID();
    const expiresAt = inMs(30 * 60_000);
    const first = await chainKit.postTrade(trader, buy(expiresAt), { 'Idempotency-Key': key });
    const again = await chainKit.postTrade(trader, buy(expiresAt), { 'Idempotency-Key': key });
    expect([first.status, again.status, again.json._meta]).toEqual([
      201,
      201,
      expect.objectContaining({ idempotent: true }),
    ]);
    for (const other of [buy(inMs(31 * 60_000)), chainKit.buyBody('1')]) {
      expectProblemCode(
        await chainKit.postTrade(trader, other, { 'Idempotency-Key': key }),
        409,
        'IDEMPOTENCY_KEY_CONFLICT',
      );
    }
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(1);
  });
});
