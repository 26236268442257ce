import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signRequest } from '../../../../shared/src/auth/index.js';
import { addRequestUsage, recordAuthFailure, revokeApiKey, usageBucketStart } from '../../../../shared/src/db/index.js';
import { createResponseValidator, type ResponseValidator } from '../testing/openapi-response-validator.js';
import {
  addCallerKey,
  callAs,
  createCaller,
  startTradingApiKit,
  type TradingApiKit,
} from '../testing/trading-api-test-kit.js';

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
    expect(writes.map((response) => response.status).sort()).toEqual([429, 429, 501, 501, 501]);

    // Failures are audited before the refusal is sent; rejections wait in the recorder for its next flush.
    const beforeFlush = await callAs(kit, caller, 'GET', usagePath);
    expect(beforeFlush.status).toBe(200);
    expect((beforeFlush.json.usage as { auth: unknown }).auth).toMatchObject({
      '24h': { failures: 3, rateLimitRejections: 0 },
    });
    await kit.usage.flush();
    const response = await callAs(kit, caller, 'GET', usagePath);
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'getAccountUsage', 200)).toEqual([]);
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

  it('requires auth:manage: a key without it gets 403', async () => {
    const caller = await createCaller(kit, { scopes: ['markets:read'] });
    const response = await callAs(kit, caller, 'GET', '/v1/account/usage');
    expect(response.status).toBe(403);
    expect(spec.errors(response.json, 'getAccountUsage', 403)).toEqual([]);
  });
});
