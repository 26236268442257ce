import { beforeAll, describe, expect, it } from '@jest/globals';
import type { NewTrade } from '#shared/db/trades/trade-rows.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  addKey,
  call,
  callAs,
  createCaller,
  insertCallerTrade,
  insertTestMarket,
  insertTradeWebhookEvent,
  NO_WEBHOOK_DELIVERY_YET,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();
let marketId: string;
beforeAll(async () => {
  marketId = (await insertTestMarket(kit.database.db)).id;
});

const placeTrade = (caller: TestCaller, fields: Partial<NewTrade> = {}) =>
  insertCallerTrade(kit.database.db, caller, {
    marketId,
    outcomeIndex: 1,
    amount: '12.5',
    amountAtomic: 12_500_000n,
    ...fields,
  });

describe('GET /v1/trades/{id}', () => {
  it('returns the caller’s trade under `trade` and `data`, every member present, conforming to the description', async () => {
    const caller = await createCaller(kit);
    const trade = await placeTrade(caller, { clientRequestId: 'bot-1', metadata: { strategy: 'mm' } });
    const response = await callAs(kit, caller, 'GET', `/v1/trades/${trade.id}`);
    expect(response.status).toBe(200);
    expect(response.json.trade).toEqual(response.json.data);
    expect(response.json.trade).toEqual({
      id: trade.id,
      marketId,
      outcomeIndex: 1,
      amount: '12.5',
      side: 'buy',
      status: 'pending',
      correlationId: trade.correlationId,
      clientRequestId: 'bot-1',
      txHash: null,
      tokensOut: null,
      errorCode: null,
      errorMessage: null,
      limitPrice: null,
      expiresAt: null,
      webhookDelivery: null,
      metadata: { strategy: 'mm' },
      createdAt: trade.createdAt.toISOString(),
      updatedAt: trade.updatedAt.toISOString(),
    });
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(spec.errors(response.json, 'getTrade', 200)).toEqual([]);
  });

  it('shows a completed trade’s hash, tokens and the delivery state of its newest webhook event', async () => {
    const caller = await createCaller(kit, { webhookUrl: 'https://bot.example/hooks' });
    const trade = await placeTrade(caller, { status: 'completed' });
    const txHash = `0x${'ab'.repeat(32)}`;
    await kit.database
      .db('trades')
      .where({ id: trade.id })
      .update({ tx_hash: txHash, tokens_out: '24000000000000000000' });
    const before = await callAs(kit, caller, 'GET', `/v1/trades/${trade.id}`);
    expect(before.json.trade).toMatchObject({
      webhookDelivery: NO_WEBHOOK_DELIVERY_YET,
    });
    const attemptedAt = new Date('2026-11-20T10:00:00.000Z');
    await insertTradeWebhookEvent(kit.database.db, trade, {
      status: 'retrying',
      attempts: 2,
      last_attempted_at: attemptedAt,
      last_status_code: 503,
      last_failure_code: 'HTTP_5XX',
    });
    const response = await callAs(kit, caller, 'GET', `/v1/trades/${trade.id}`);
    expect(response.json.trade).toMatchObject({
      status: 'completed',
      txHash,
      tokensOut: '24000000000000000000',
      webhookDelivery: {
        status: 'retrying',
        attempts: 2,
        lastAttemptedAt: attemptedAt.toISOString(),
        lastStatusCode: 503,
        lastFailureCode: 'HTTP_5XX',
        terminalFailureAt: null,
      },
    });
    expect(spec.errors(response.json, 'getTrade', 200)).toEqual([]);
  });

  it('serves the trade to every key of the user who placed it', async () => {
    const caller = await createCaller(kit);
    const trade = await placeTrade(caller);
    const otherKey = await addKey(kit, caller);
    const response = await call(kit, 'GET', `/v1/trades/${trade.id}`, { key: otherKey, ip: caller.ip });
    expect(response.status).toBe(200);
    expect(response.json.trade).toMatchObject({ id: trade.id });
  });

  it('answers another user’s trade exactly like a missing one: 404 RESOURCE_NOT_FOUND, never 403', async () => {
    const [owner, stranger] = await Promise.all([createCaller(kit), createCaller(kit)]);
    const trade = await placeTrade(owner);
    const foreign = await callAs(kit, stranger, 'GET', `/v1/trades/${trade.id}`);
    const missing = await callAs(kit, stranger, 'GET', '/v1/trades/0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11');
    expectProblemCode(foreign, 404, 'RESOURCE_NOT_FOUND');
    expect(missing.status).toBe(404);
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      detail: undefined,
      instance: undefined,
      requestId: undefined,
    });
    expect(shape(foreign.json)).toEqual(shape(missing.json));
    expect(JSON.stringify(foreign.json)).not.toContain(owner.userId);
    expect(spec.errors(foreign.json, 'getTrade', 404)).toEqual([]);
  });

  it('refuses an id that is not a UUID with 400 VALIDATION_FAILED naming it', async () => {
    const caller = await createCaller(kit);
    const response = await callAs(kit, caller, 'GET', '/v1/trades/not-a-uuid');
    expectProblemCode(response, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(response.json)).toContain('id');
  });
});

describe('GET /v1/traces/{correlationId}', () => {
  it('returns the trade’s events in sequence order even when they were stored in another order, conforming to the description', async () => {
    const caller = await createCaller(kit);
    const trade = await placeTrade(caller);
    const occurredAt = new Date('2026-11-20T10:00:00.000Z');
    // One row per statement, so the storage order (3, 1, 2) differs from the sequence order.
    for (const [seq, type] of [
      [3, 'trade.executing'],
      [1, 'trade.created'],
      [2, 'trade.validating'],
    ] as const) {
      await kit.database.db('trade_events').insert({
        correlation_id: trade.correlationId,
        trade_id: trade.id,
        seq,
        type,
        data: JSON.stringify({ step: seq }),
        occurred_at: occurredAt,
      });
    }
    await kit.database.db('trades').where({ id: trade.id }).update({ trace_seq: 3 });
    const stored: Array<{ seq: number }> = await kit.database
      .db('trade_events')
      .where({ trade_id: trade.id })
      .orderBy('id', 'asc')
      .select('seq');
    expect(stored.map((row) => Number(row.seq))).toEqual([3, 1, 2]);

    const response = await callAs(kit, caller, 'GET', `/v1/traces/${trade.correlationId}`);
    expect(response.status).toBe(200);
    expect(response.json.trace).toEqual(response.json.data);
    expect(response.json.trace).toEqual({
      correlationId: trade.correlationId,
      events: [
        { type: 'trade.created', sequenceNumber: 1, data: { step: 1 }, occurredAt: occurredAt.toISOString() },
        { type: 'trade.validating', sequenceNumber: 2, data: { step: 2 }, occurredAt: occurredAt.toISOString() },
        { type: 'trade.executing', sequenceNumber: 3, data: { step: 3 }, occurredAt: occurredAt.toISOString() },
      ],
    });
    expect(spec.errors(response.json, 'getTrace', 200)).toEqual([]);
  });
});
