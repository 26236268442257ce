import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addRequestUsage, recordAuthFailure, usageBucketStart } from '../../../../shared/src/db/index.js';
import { createResponseValidator, type ResponseValidator } from '../testing/openapi-response-validator.js';
import { callAs, createCaller, startTradingApiKit, type TradingApiKit } from '../testing/trading-api-test-kit.js';

let kit: TradingApiKit;
let spec: ResponseValidator;
beforeAll(async () => {
  [kit, spec] = await Promise.all([startTradingApiKit(), createResponseValidator()]);
});
afterAll(async () => {
  await kit.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'getAccountUsage', 200)).toEqual([]);
    const usage = response.json.usage as Record<string, Record<string, unknown>>;
    expect(response.json.data).toEqual(usage);
    expect(usage.apiKeyId).toBe(caller.record.id);
    expect(usage.auth).toEqual({
      '24h': { failures: 2, rateLimitRejections: 6 },
      '7d': { failures: 3, rateLimitRejections: 13 },
      '30d': { failures: 4, rateLimitRejections: 24 },
    });
    const noTrades = { total: 0, completed: 0, failed: 0, successRate: null, latencyMs: { p50: null, p99: null } };
    expect(usage.trades).toEqual({ '24h': noTrades, '7d': noTrades, '30d': noTrades });
    const noWebhooks = { emitted: 0, delivered: 0, failed: 0 };
    expect(usage.webhooks).toEqual({ '24h': noWebhooks, '7d': noWebhooks, '30d': noWebhooks });
    expect(Math.abs(Date.parse(String(usage.generatedAt)) - now)).toBeLessThan(60_000);
  });

  it('requires auth:manage: a key without it gets 403', async () => {
    const caller = await createCaller(kit, { scopes: ['markets:read'] });
    const response = await callAs(kit, caller, 'GET', '/v1/account/usage');
    expect(response.status).toBe(403);
    expect(spec.errors(response.json, 'getAccountUsage', 403)).toEqual([]);
  });
});

describe('chain-backed routes without a chain', () => {
  it('answer 503 DEPENDENCY_UNAVAILABLE for a user with a smart account', async () => {
    const caller = await createCaller(kit);
    await kit.database
      .db('users')
      .where({ id: caller.userId })
      .update({ smart_account_address: '0x00000000000000000000000000000000000000aa' });
    const response = await callAs(kit, caller, 'GET', '/v1/portfolio');
    expect(response.status).toBe(503);
    expect(response.json.code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(spec.errors(response.json, 'getPortfolio', 503)).toEqual([]);
  });
});
