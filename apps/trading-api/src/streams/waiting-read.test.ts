/* Waiting reads of GET /v1/trades/{id} (Prefer: wait=N + If-None-Match) against real MariaDB, Redis and RabbitMQ. */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  createStreamCaller,
  finishTrade,
  placePendingTrade,
  startStreamsKit,
  type StreamsReplica,
} from '#tooling/kits/trading-api/streams-test-kit.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import type { TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { useSuiteKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useSuiteKit(startStreamsKit);
const validator = createResponseValidator();
let replica: StreamsReplica;
beforeAll(async () => {
  replica = await kit.startReplica();
});

const getTrade = (caller: TestCaller, tradeId: string, headers: Record<string, string> = {}) =>
  fetch(`${replica.url}/v1/trades/${tradeId}`, {
    headers: { 'X-API-Key': caller.key, 'X-Forwarded-For': caller.ip, ...headers },
  });

describe('GET /v1/trades/{id} with Prefer: wait=N', () => {
  it('answers 200 with the new ETag as soon as the trade reaches its terminal state, driven by the notice', async () => {
    const caller = await createStreamCaller(kit);
    const trade = await placePendingTrade(kit, caller);
    const first = await getTrade(caller, trade.id);
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);

    let answeredAt = 0;
    const waiting = getTrade(caller, trade.id, { 'If-None-Match': etag, Prefer: 'wait=20' }).then((response) => {
      answeredAt = Date.now();
      return response;
    });
    // The wait is subscribed (the request is parked) before the transition: it must not answer on its own.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answeredAt).toBe(0);
    await finishTrade(kit, trade, 'completed');
    const committedAt = Date.now();
    const response = await waiting;

    expect(response.status).toBe(200);
    expect(response.headers.get('preference-applied')).toBe('wait=20');
    expect(response.headers.get('etag')).not.toBe(etag);
    const text = await response.text();
    expect((JSON.parse(text) as { trade: { status: string } }).trade.status).toBe('completed');
    expect(validator.responseErrors('getTrade', { status: 200, headers: response.headers, text })).toEqual([]);
    // Far sooner than the 20 s wait: the notice woke it.
    expect(answeredAt - committedAt).toBeLessThan(2_000);
  });

  it('answers 304 with Preference-Applied when the wait ends and nothing changed', async () => {
    const caller = await createStreamCaller(kit);
    const trade = await placePendingTrade(kit, caller);
    const etag = (await getTrade(caller, trade.id)).headers.get('etag')!;
    const started = Date.now();
    const response = await getTrade(caller, trade.id, { 'If-None-Match': etag, Prefer: 'wait=1' });
    expect(response.status).toBe(304);
    expect(response.headers.get('preference-applied')).toBe('wait=1');
    expect(response.headers.get('etag')).toBe(etag);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // The shared NotModified response declares Preference-Applied.
    const text = await response.text();
    expect(validator.responseErrors('getTrade', { status: 304, headers: response.headers, text })).toEqual([]);
  });

  it('answers at once when the ETag is already stale, and without a wait when Prefer is absent', async () => {
    const caller = await createStreamCaller(kit);
    const trade = await placePendingTrade(kit, caller);
    const stale = await getTrade(caller, trade.id, { 'If-None-Match': 'W/"stale"', Prefer: 'wait=20' });
    expect(stale.status).toBe(200);
    const etag = stale.headers.get('etag')!;
    const plain = await getTrade(caller, trade.id, { 'If-None-Match': etag });
    expect(plain.status).toBe(304);
    expect(plain.headers.get('preference-applied')).toBeNull();
  });

  it('answers at once, without waiting, a read that asks to wait while the replica drains for shutdown', async () => {
    const draining = await kit.startReplica({}, { drainMs: 3_000 });
    const caller = await createStreamCaller(kit);
    const trade = await placePendingTrade(kit, caller);
    const headers = { 'X-API-Key': caller.key, 'X-Forwarded-For': caller.ip };
    const etag = (await fetch(`${draining.url}/v1/trades/${trade.id}`, { headers })).headers.get('etag')!;
    const closed = draining.close();
    const started = Date.now();
    const response = await fetch(`${draining.url}/v1/trades/${trade.id}`, {
      headers: { ...headers, 'If-None-Match': etag, Prefer: 'wait=20' },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get('preference-applied')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    await closed;
  });

  it("answers 404 at once for another user's trade, even when asked to wait", async () => {
    const owner = await createStreamCaller(kit);
    const stranger = await createStreamCaller(kit);
    const trade = await placePendingTrade(kit, owner);
    const started = Date.now();
    const response = await getTrade(stranger, trade.id, { 'If-None-Match': '*', Prefer: 'wait=10' });
    expect(response.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
