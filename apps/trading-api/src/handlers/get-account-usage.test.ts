import { describe, expect, it } from '@jest/globals';
import { signRequest } from '../auth/request-signature.js';
import { addRequestUsage, usageBucketStart } from '../db/request-usage/request-usage.repository.js';
import { transitionTradeStatus } from '#shared/db/trades/trades.repository.js';
import type { TradeStatus } from '#shared/domain/trade-states.js';
import { recordAuthFailure } from '../db/auth-failures/auth-failures.repository.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  addCallerKey,
  callAs,
  createCaller,
  insertCallerTrade,
  insertTestMarket,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';
import type { TradeUsage } from '../usage/trade-usage.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A trade of `caller`'s key created `ageMs` before `now`; with `latencyMs` it is moved to `status` (a terminal one)
 * with finished_at = created_at + latencyMs, as the executor and moveTrade record it.
 */
async function placeTrade(
  caller: TestCaller,
  marketId: string,
  trade: { now: number; ageMs: number; status: TradeStatus; latencyMs?: number; errorCode?: string },
) {
  const db = kit.database.db;
  const createdAt = new Date(trade.now - trade.ageMs);
  const inserted = await insertCallerTrade(db, caller, {
    marketId,
    status: trade.latencyMs === undefined ? trade.status : 'executing',
    createdAt,
  });
  if (trade.latencyMs !== undefined) {
    const finishedAt = new Date(createdAt.getTime() + trade.latencyMs);
    const update = { finishedAt, ...(trade.errorCode === undefined ? {} : { errorCode: trade.errorCode }) };
    expect(await transitionTradeStatus(db, inserted.id, 'executing', trade.status, update)).not.toBeNull();
  }
}

const newMarket = async () => (await insertTestMarket(kit.database.db)).id;

async function tradeFiguresOf(caller: TestCaller): Promise<Record<string, TradeUsage>> {
  const response = await callAs(kit, caller, 'GET', '/v1/account/usage');
  expectDescribed(spec, response, 'getAccountUsage', 200);
  return (response.json.usage as { trades: Record<string, TradeUsage> }).trades;
}

describe('GET /v1/account/usage', () => {
  it('reports the calling key: auth failures and rate-limit rejections per window, zero trade and webhook figures', async () => {
    const caller = await createCaller(kit, { scopes: ['auth:manage'] });
    const other = await createCaller(kit, { scopes: ['auth:manage'] });
    const db = kit.database.db;
    const now = Date.now();
    const failure = (apiKeyId: string, ageMs: number) =>
      recordAuthFailure(db, {
        apiKeyId,
        ip: '198.51.100.9',
        code: 'REQUEST_SIGNATURE_INVALID',
        route: 'POST /v1/trades',
        requestId: null,
        occurredAt: new Date(now - ageMs),
      });
    // 24h: 2 failures; 7d: 3; 30d: 4; older and other keys never count.
    for (const age of [HOUR, 2 * HOUR, 3 * DAY, 20 * DAY, 40 * DAY]) await failure(caller.record.id, age);
    await failure(other.record.id, HOUR);
    const rejections = (ageMs: number, count: number) => ({
      apiKeyId: caller.record.id,
      bucketStart: usageBucketStart(new Date(now - ageMs)),
      requests: count,
      rateLimitRejections: count,
      authFailures: 0,
    });
    await addRequestUsage(db, [rejections(2 * HOUR, 5), rejections(2 * DAY, 7), rejections(10 * DAY, 11)]);
    // Counted live by the pipeline, flushed to request_usage.
    kit.usage.recordRateLimitRejection(caller.record.id);
    await kit.usage.flush();

    const response = await callAs(kit, caller, 'GET', '/v1/account/usage');
    expectDescribed(spec, response, 'getAccountUsage', 200);
    const usage = response.json.usage as Record<string, Record<string, unknown>>;
    expect(response.json.data).toEqual(usage);
    expect(usage.apiKeyId).toBe(caller.record.id);
    expect(usage.auth).toEqual({
      '24h': { failures: 2, rateLimitRejections: 6 },
      '7d': { failures: 3, rateLimitRejections: 13 },
      '30d': { failures: 4, rateLimitRejections: 24 },
    });
    const noTrades = {
      total: 0,
      completed: 0,
      failed: 0,
      cancelled: 0,
      successRate: null,
      latencyMs: { p50: null, p99: null },
    };
    expect(usage.trades).toEqual({ '24h': noTrades, '7d': noTrades, '30d': noTrades });
    const noWebhooks = { emitted: 0, delivered: 0, failed: 0 };
    expect(usage.webhooks).toEqual({ '24h': noWebhooks, '7d': noWebhooks, '30d': noWebhooks });
    expect(Math.abs(Date.parse(String(usage.generatedAt)) - now)).toBeLessThan(60_000);
  });

  it("counts the calling key's real refusals and 429s, and none of its sibling keys' failures", async () => {
    const db = kit.database.db;
    const caller = await createCaller(kit, {
      scopes: ['auth:manage', 'trades:write'],
      rateLimitRpm: 4,
      ipAllowlist: ['203.0.113.0/24'],
    });
    caller.ip = '203.0.113.21';
    // Two more keys of the same user: one revoked (with the admin CLI's function), one expired.
    const [revoked, expired] = await Promise.all([
      addCallerKey(kit, caller, { rateLimitRpm: 4 }),
      addCallerKey(kit, caller, { rateLimitRpm: 4 }),
    ]);
    await revokeApiKey(db, revoked.record.id, new Date());
    await db('api_keys')
      .where({ id: expired.record.id })
      .update({ expires_at: new Date(Date.now() - 60_000) });
    const usagePath = '/v1/account/usage';
    for (let i = 0; i < 2; i += 1) {
      expect((await callAs(kit, revoked, 'GET', usagePath)).json.code).toBe('API_KEY_REVOKED');
    }
    expect((await callAs(kit, expired, 'GET', usagePath)).json.code).toBe('API_KEY_EXPIRED');

    // Refusals of the calling key: three audited failures.
    expect((await callAs(kit, caller, 'GET', usagePath, { ip: '192.0.2.44' })).json.code).toBe('IP_NOT_ALLOWED');
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).json.code).toBe('INSUFFICIENT_SCOPE');
    const trade = JSON.stringify({
      marketId: '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b',
      outcomeIndex: 0,
      amount: '1',
      side: 'buy',
    });
    const staleSignature = signRequest(
      caller.key,
      { method: 'POST', path: '/v1/trades', rawBody: Buffer.from(trade) },
      kit.clock.now() - 10 * 60_000,
    );
    const signed = await callAs(kit, caller, 'POST', '/v1/trades', {
      rawBody: trade,
      headers: { 'X-Service-Signature': staleSignature },
    });
    expect(signed.json.code).toBe('REQUEST_SIGNATURE_INVALID');
    // The signature check took one of the 4 write tokens: 3 more writes pass, 2 are throttled.
    const writes = await Promise.all(
      Array.from({ length: 5 }, () => callAs(kit, caller, 'POST', '/v1/trades', { rawBody: trade })),
    );
    // Their market does not exist: the handler's own 404.
    expect(writes.map((response) => response.status).sort()).toEqual([404, 404, 404, 429, 429]);

    // Failures are audited before the refusal is sent; rejections wait in the recorder for its next flush.
    const beforeFlush = await callAs(kit, caller, 'GET', usagePath);
    expect(beforeFlush.status).toBe(200);
    expect((beforeFlush.json.usage as { auth: unknown }).auth).toMatchObject({
      '24h': { failures: 3, rateLimitRejections: 0 },
    });
    await kit.usage.flush();
    const response = await callAs(kit, caller, 'GET', usagePath);
    expectDescribed(spec, response, 'getAccountUsage', 200);
    const counts = { failures: 3, rateLimitRejections: 2 };
    expect((response.json.usage as { auth: unknown }).auth).toEqual({ '24h': counts, '7d': counts, '30d': counts });

    // The sibling keys' failures are theirs (audited under their own ids), not the calling key's.
    const codesOf = async (apiKeyId: string) =>
      (await db('auth_failures').where({ api_key_id: apiKeyId }).pluck('code')) as string[];
    expect(await codesOf(revoked.record.id)).toEqual(['API_KEY_REVOKED', 'API_KEY_REVOKED']);
    expect(await codesOf(expired.record.id)).toEqual(['API_KEY_EXPIRED']);
    expect((await codesOf(caller.record.id)).sort()).toEqual([
      'INSUFFICIENT_SCOPE',
      'IP_NOT_ALLOWED',
      'REQUEST_SIGNATURE_INVALID',
    ]);
  });

  it("reports the calling key's trades per window: counts, success rate and exact latency percentiles", async () => {
    const caller = await createCaller(kit, { scopes: ['auth:manage'] });
    const sibling = await addCallerKey(kit, caller, { scopes: ['auth:manage'] });
    const marketId = await newMarket();
    const now = kit.clock.now();
    const place = (ageMs: number, status: TradeStatus, latencyMs?: number) =>
      placeTrade(caller, marketId, { now, ageMs, status, latencyMs });
    // 24h: two completed, one failed, one rejected (failures both), one still in flight.
    await place(1 * HOUR, 'completed', 1_234);
    await place(2 * HOUR, 'completed', 3_000);
    await place(3 * HOUR, 'failed', 2_001);
    await place(4 * HOUR, 'rejected', 500);
    await place(5 * HOUR, 'pending');
    // 7d adds a slow completion; 30d a very slow failure; older trades and the sibling key's never count.
    await place(3 * DAY, 'completed', 10_000);
    await place(20 * DAY, 'failed', 60_000);
    await place(40 * DAY, 'completed', 1);
    await placeTrade(sibling, marketId, { now, ageMs: HOUR, status: 'failed', latencyMs: 5 });
    // Two the client cancelled, one after a long wait: counted apart, in no rate and no latency.
    for (const latencyMs of [90_000, 95_000]) {
      await placeTrade(caller, marketId, {
        now,
        ageMs: HOUR,
        status: 'rejected',
        latencyMs,
        errorCode: 'TRADE_CANCELLED',
      });
    }

    expect(await tradeFiguresOf(caller)).toEqual({
      // Latencies [500, 1234, 2001, 3000]: nearest rank 2 and 4.
      '24h': {
        ...{ total: 7, completed: 2, failed: 2, cancelled: 2, successRate: 0.5 },
        latencyMs: { p50: 1_234, p99: 3_000 },
      },
      // [500, 1234, 2001, 3000, 10000]: ranks 3 and 5.
      '7d': {
        ...{ total: 8, completed: 3, failed: 2, cancelled: 2, successRate: 0.6 },
        latencyMs: { p50: 2_001, p99: 10_000 },
      },
      // [500, 1234, 2001, 3000, 10000, 60000]: ranks 3 and 6.
      '30d': {
        ...{ total: 9, completed: 3, failed: 3, cancelled: 2, successRate: 0.5 },
        latencyMs: { p50: 2_001, p99: 60_000 },
      },
    });
    // The sibling key has its own figures.
    expect((await tradeFiguresOf(sibling))['24h']).toEqual({
      total: 1,
      completed: 0,
      failed: 1,
      cancelled: 0,
      successRate: 0,
      latencyMs: { p50: 5, p99: 5 },
    });
  });

  it('computes p50 and p99 exactly over many finished trades and gives null rates while none finished', async () => {
    const caller = await createCaller(kit, { scopes: ['auth:manage'] });
    const marketId = await newMarket();
    const now = kit.clock.now();
    await placeTrade(caller, marketId, { now, ageMs: HOUR, status: 'pending' });
    await placeTrade(caller, marketId, { now, ageMs: 2 * HOUR, status: 'validating' });
    const inFlight = {
      total: 2,
      completed: 0,
      failed: 0,
      cancelled: 0,
      successRate: null,
      latencyMs: { p50: null, p99: null },
    };
    expect((await tradeFiguresOf(caller))['24h']).toEqual(inFlight);

    // 150 completions of 10, 20, ..., 1500 ms, created in shuffled order: p50 = rank 75, p99 = rank 149.
    const latencies = Array.from({ length: 150 }, (_, index) => (index + 1) * 10);
    const shuffled = latencies.map((latency, index) => ({ latency, order: (index * 97) % 150 }));
    shuffled.sort((a, b) => a.order - b.order);
    for (const [index, { latency }] of shuffled.entries()) {
      await placeTrade(caller, marketId, {
        now,
        ageMs: 3 * HOUR + index * 1000,
        status: 'completed',
        latencyMs: latency,
      });
    }
    expect((await tradeFiguresOf(caller))['24h']).toEqual({
      total: 152,
      completed: 150,
      failed: 0,
      cancelled: 0,
      successRate: 1,
      latencyMs: { p50: 750, p99: 1_490 },
    });
  });

  // Moves the app's clock (and back).
  it("windows end at the app's clock: trades leave the 24h window a day later", async () => {
    const caller = await createCaller(kit, { scopes: ['auth:manage'] });
    const marketId = await newMarket();
    await placeTrade(caller, marketId, { now: kit.clock.now(), ageMs: HOUR, status: 'completed', latencyMs: 700 });
    const recent = {
      total: 1,
      completed: 1,
      failed: 0,
      cancelled: 0,
      successRate: 1,
      latencyMs: { p50: 700, p99: 700 },
    };
    expect((await tradeFiguresOf(caller))['24h']).toEqual(recent);
    kit.clock.advance(DAY);
    try {
      const figures = await tradeFiguresOf(caller);
      expect(figures['24h']).toEqual({
        ...recent,
        total: 0,
        completed: 0,
        successRate: null,
        latencyMs: { p50: null, p99: null },
      });
      expect(figures['7d']).toEqual(recent);
    } finally {
      kit.clock.advance(-DAY);
    }
  });
});
