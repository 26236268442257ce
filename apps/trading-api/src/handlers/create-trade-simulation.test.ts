/*
 * X-Service-Simulate on POST /v1/trades (issue 19): accepted on a test key in a test deployment and stored with the
 * trade and its trace; refused with 400 VALIDATION_FAILED naming the header on a live deployment and for unknown
 * values or an out-of-range delay; part of the idempotent request; not part of the signed body. The executor's side
 * (each value's real outcome) is apps/chain-executor/src/sandbox-simulation.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { signRequest } from '../auth/request-signature.js';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, createCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import {
  expectDescribed,
  expectProblemCode,
  useTradingApiKit,
  useTradingChainKit,
} from '#tooling/kits/trading-api/suite-kit.js';

const testKit = useTradingChainKit();
/** A live deployment: the header is refused before the trade is looked at, so it needs no chain. */
const liveKit = useTradingApiKit({ serviceEnv: 'live' });
const spec = createResponseValidator();

const SIMULATE = 'X-Service-Simulate';
const tradeOf = (response: { json: Record<string, unknown> }) =>
  response.json.trade as { id: string; correlationId: string };

/** The trades row of a placed trade. */
const storedTrade = (response: { json: Record<string, unknown> }) =>
  testKit.kit.database
    .db('trades')
    .where({ id: tradeOf(response).id })
    .first();

async function expectHeaderRefused(response: { status: number; json: Record<string, unknown> }) {
  expectProblemCode(response, 400, 'VALIDATION_FAILED');
  expect(String(response.json.detail).toLowerCase()).toContain('x-service-simulate');
  expect(spec.errors(response.json, 'createTrade', 400)).toEqual([]);
}

describe('X-Service-Simulate on a test deployment with a test key', () => {
  it('stores the simulation with the trade and shows it on the trade.created trace step', async () => {
    const trader = await testKit.createTrader();
    for (const value of ['revert', 'slippage', 'timeout', 'insufficient_balance', 'reject', 'delay=30000']) {
      const response = await testKit.postTrade(trader, testKit.buyBody('1'), { [SIMULATE]: value });
      expectDescribed(spec, response, 'createTrade', 201);
      expect((await storedTrade(response)).simulation).toBe(value);
      const [created] = await listTradeEvents(testKit.kit.database.db, tradeOf(response).correlationId);
      expect(created).toMatchObject({ type: 'trade.created', data: { simulation: value } });
    }
  });

  it('shows the simulation on GET /v1/traces/{correlationId} in the documented trace shape', async () => {
    const trader = await testKit.createTrader();
    const placed = await testKit.postTrade(trader, testKit.buyBody('1'), { [SIMULATE]: 'delay=250' });
    const trace = await callAs(testKit.kit, trader, 'GET', `/v1/traces/${tradeOf(placed).correlationId}`);
    expectDescribed(spec, trace, 'getTrace', 200);
    const events = (trace.json.data as { events: Array<{ type: string; data: Record<string, unknown> }> }).events;
    expect(events[0]).toMatchObject({ type: 'trade.created', data: { simulation: 'delay=250' } });
  });

  it('leaves an organic trade without a simulation', async () => {
    const trader = await testKit.createTrader();
    const response = await testKit.postTrade(trader, testKit.buyBody('1'));
    expect((await storedTrade(response)).simulation).toBeNull();
    const [created] = await listTradeEvents(testKit.kit.database.db, tradeOf(response).correlationId);
    expect(created?.data).not.toHaveProperty('simulation');
  });

  it.each(['explode', 'REVERT', 'delay=0', 'delay=30001', 'delay=1.5', 'delay=abc', 'revert, slippage'])(
    'refuses %j with 400 VALIDATION_FAILED naming the header, creating nothing',
    async (value) => {
      const trader = await testKit.createTrader();
      await expectHeaderRefused(await testKit.postTrade(trader, testKit.buyBody('1'), { [SIMULATE]: value }));
      expect(await testKit.kit.database.db('trades').where({ api_key_id: trader.record.id })).toHaveLength(0);
    },
  );

  it('replays the stored trade for the same Idempotency-Key and value, and conflicts on another value', async () => {
    const trader = await testKit.createTrader();
    const key = randomUUID();
    const headers = { [SIMULATE]: 'slippage', 'Idempotency-Key': key };
    const first = await testKit.postTrade(trader, testKit.buyBody('2'), headers);
    const again = await testKit.postTrade(trader, testKit.buyBody('2'), headers);
    expect(again.status).toBe(201);
    expect(again.json._meta).toMatchObject({ idempotent: true });
    expect(tradeOf(again).id).toBe(tradeOf(first).id);
    for (const other of [{ [SIMULATE]: 'revert' }, {}] as Array<Record<string, string>>) {
      const conflict = await testKit.postTrade(trader, testKit.buyBody('2'), { ...other, 'Idempotency-Key': key });
      expectProblemCode(conflict, 409, 'IDEMPOTENCY_KEY_CONFLICT');
    }
    const viaClientId = { clientRequestId: `sim-${randomUUID()}` };
    const placed = await testKit.postTrade(trader, testKit.buyBody('1', viaClientId), { [SIMULATE]: 'reject' });
    const replayed = await testKit.postTrade(trader, testKit.buyBody('1', viaClientId), { [SIMULATE]: 'reject' });
    expect(tradeOf(replayed).id).toBe(tradeOf(placed).id);
    const other = await testKit.postTrade(trader, testKit.buyBody('1', viaClientId), { [SIMULATE]: 'timeout' });
    expect(other.json.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
    expect(await testKit.kit.database.db('trades').where({ api_key_id: trader.record.id })).toHaveLength(2);
  });

  it('is not part of the signed body: a signed request with the header passes', async () => {
    const trader = await testKit.createTrader();
    const raw = JSON.stringify(testKit.buyBody('1'));
    const signature = signRequest(
      trader.key,
      { method: 'POST', path: '/v1/trades', rawBody: Buffer.from(raw) },
      testKit.kit.clock.now(),
    );
    const response = await callAs(testKit.kit, trader, 'POST', '/v1/trades', {
      rawBody: raw,
      headers: { 'X-Service-Signature': signature, [SIMULATE]: 'revert' },
    });
    expect(response.status).toBe(201);
    expect((await storedTrade(response)).simulation).toBe('revert');
  });
});

describe('X-Service-Simulate outside the sandbox', () => {
  it('answers 400 VALIDATION_FAILED naming the header on a live deployment (live key), creating nothing', async () => {
    const trader = await createCaller(liveKit, { env: 'live' });
    for (const value of ['revert', 'delay=10', 'nonsense']) {
      const body = testKit.buyBody('1');
      await expectHeaderRefused(
        await callAs(liveKit, trader, 'POST', '/v1/trades', { body, headers: { [SIMULATE]: value } }),
      );
    }
    expect(await liveKit.database.db('trades').where({ api_key_id: trader.record.id })).toHaveLength(0);
  });

  it('never reaches a live key on a test deployment: the key itself is refused (401) before any header', async () => {
    const trader = await testKit.createTrader({ env: 'live' });
    const response = await testKit.postTrade(trader, testKit.buyBody('1'), { [SIMULATE]: 'revert' });
    expectProblemCode(response, 401, 'API_KEY_INVALID');
  });
});
