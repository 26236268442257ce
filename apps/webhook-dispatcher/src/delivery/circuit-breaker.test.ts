import { describe, expect, it } from '@jest/globals';
import { findWebhookEventOfKey } from '#shared/db/webhook-events/webhook-events.repository.js';
import { useDispatcherKit } from '#tooling/kits/webhook-dispatcher/dispatcher-test-kit.js';
import { deliverKeyEvents } from '../use-cases/deliver-key-events.use-case.js';
import { createCircuitBreaker } from './circuit-breaker.js';

const success = { successes: 1, failed: false };
const failure = { successes: 0, failed: true };
/** The clock of the breaker-only tests (epoch ms). */
const t = 1_000_000_000_000;

const kit = useDispatcherKit();

/** Six keys sharing one endpoint that answers 500, each with one event: five deliveries open its breaker. */
async function openBreakerOn(path: string) {
  kit.receiver.behave(path, { kind: 'status', status: 500 });
  const keys = [];
  for (let index = 0; index < 6; index += 1) keys.push(await kit.createKey(kit.receiver.url(path)));
  const events = [];
  for (const key of keys) events.push(await kit.recordEvent(key.apiKeyId));
  for (const key of keys.slice(0, 5)) await deliverKeyEvents(kit.deps(), key.apiKeyId);
  return { sixth: keys[5]?.apiKeyId ?? '', sixthEvent: events[5] ?? '' };
}

describe('circuit breaker per endpoint URL', () => {
  it('opens after 5 consecutive failures, lets exactly one half-open probe through after 30 s, closes on its success', async () => {
    const breaker = createCircuitBreaker(kit.testRedis.redis);
    const url = 'http://breaker.test/a';
    for (let count = 1; count <= 4; count += 1) expect(await breaker.record(url, failure, t)).toBeNull();
    expect(await breaker.admit(url, t)).toEqual({ kind: 'closed' });
    expect(await breaker.record(url, failure, t)).toBe('opened');
    expect(await breaker.admit(url, t + 29_999)).toEqual({ kind: 'open', retryAt: t + 30_000 });
    expect(await breaker.admit(url, t + 30_000)).toEqual({ kind: 'probe' });
    expect((await breaker.admit(url, t + 30_001)).kind).toBe('open');
    expect(await breaker.record(url, success, t + 30_010)).toBe('closed');
    expect(await breaker.admit(url, t + 30_020)).toEqual({ kind: 'closed' });
  });

  it('reopens when the probe fails', async () => {
    const breaker = createCircuitBreaker(kit.testRedis.redis);
    const url = 'http://breaker.test/b';
    for (let count = 0; count < 5; count += 1) await breaker.record(url, failure, t);
    expect(await breaker.admit(url, t + 30_000)).toEqual({ kind: 'probe' });
    expect(await breaker.record(url, failure, t + 30_005)).toBe('reopened');
    expect(await breaker.admit(url, t + 30_006)).toEqual({ kind: 'open', retryAt: t + 60_005 });
  });

  it('opens when more than half of at least 10 attempts in 5 minutes failed, without 5 in a row', async () => {
    const breaker = createCircuitBreaker(kit.testRedis.redis);
    const url = 'http://breaker.test/c';
    // The 10th attempt makes 7 failures of 10.
    const results = [false, false, true, false, false, true, false, false, true, false];
    const transitions = [];
    for (const [index, ok] of results.entries())
      transitions.push(await breaker.record(url, ok ? success : failure, t + index * 20_000));
    expect(transitions.slice(0, -1).every((transition) => transition === null)).toBe(true);
    expect(transitions.at(-1)).toBe('opened');
  });

  it('pauses deliveries to an open endpoint without spending attempts, and resumes them through the probe', async () => {
    const path = '/breaker-endpoint';
    const { sixth, sixthEvent } = await openBreakerOn(path);
    expect(kit.receiver.received(path)).toHaveLength(5);

    expect(await deliverKeyEvents(kit.deps(), sixth)).toBe('paused');
    expect(kit.receiver.received(path)).toHaveLength(5);
    const paused = await findWebhookEventOfKey(kit.database.db, sixth, sixthEvent);
    expect(paused).toMatchObject({ status: 'pending', attempts: 0 });

    kit.receiver.behave(path, { kind: 'status', status: 200 });
    kit.clock.advance(30_000);
    expect(await deliverKeyEvents(kit.deps(), sixth)).toBe('drained');
    expect(await findWebhookEventOfKey(kit.database.db, sixth, sixthEvent)).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
  });
});

describe('circuit breaker, a batch of results', () => {
  it('closes on a batch that delivered, and counts the failure that ended it', async () => {
    const breaker = createCircuitBreaker(kit.testRedis.redis);
    const url = 'http://breaker.test/d';
    for (let count = 0; count < 4; count += 1) await breaker.record(url, failure, t);
    expect(await breaker.record(url, { successes: 10, failed: true }, t)).toBeNull();
    for (let count = 0; count < 3; count += 1) expect(await breaker.record(url, failure, t)).toBeNull();
    expect(await breaker.record(url, failure, t)).toBe('opened');
    expect(await breaker.admit(url, t + 30_000)).toEqual({ kind: 'probe' });
    expect(await breaker.record(url, { successes: 5, failed: false }, t + 30_001)).toBe('closed');
  });
});

describe('a half-open probe answered with a 4xx', () => {
  it('closes the breaker: the endpoint answered, even though the event failed', async () => {
    const path = '/probe-gone';
    const { sixth } = await openBreakerOn(path);
    const breaker = createCircuitBreaker(kit.testRedis.redis);
    expect((await breaker.admit(kit.receiver.url(path), kit.clock.now().getTime())).kind).toBe('open');

    kit.receiver.behave(path, { kind: 'status', status: 410 });
    kit.clock.advance(30_000);
    expect(await deliverKeyEvents(kit.deps(), sixth)).toBe('drained');
    expect(await breaker.admit(kit.receiver.url(path), kit.clock.now().getTime())).toEqual({ kind: 'closed' });
  });
});
