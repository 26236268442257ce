import { describe, expect, it } from '@jest/globals';
import { listOpenEventsOfKey } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import { findWebhookEventOfKey, markEventForRedelivery } from '#shared/db/webhook-events/webhook-events.repository.js';
import { listAttemptsOfEvent } from '../db/webhook-attempts/webhook-attempts.repository.js';
import { verifyWebhookSignature, type WebhookReceiver } from '#tooling/testing/webhook-receiver.js';
import { useDispatcherKit } from '#tooling/kits/webhook-dispatcher/dispatcher-test-kit.js';
import { verifiesAsStandardWebhook } from '#tooling/kits/webhook-dispatcher/standard-webhook-verdict.js';
import { deliverKeyEvents } from './deliver-key-events.use-case.js';

let pathCounter = 0;
const freshPath = () => `/hook-${(pathCounter += 1)}`;

const kit = useDispatcherKit();

const eventOf = async (apiKeyId: string, id: string) => {
  const event = await findWebhookEventOfKey(kit.database.db, apiKeyId, id);
  if (!event) throw new Error(`event ${id} missing`);
  return event;
};

describe('deliverKeyEvents', () => {
  it('POSTs the stored envelope with the contract and Standard Webhooks headers, signed with the key secret, and records the attempt', async () => {
    const path = freshPath();
    const { apiKeyId, secret } = await kit.createKey(kit.receiver.url(path));
    const eventId = await kit.recordEvent(apiKeyId, { tradeId: 'abc', status: 'completed' });

    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('drained');

    const [delivery] = kit.receiver.received(path);
    expect(delivery?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(delivery?.headers['x-service-event-id']).toBe(eventId);
    expect(delivery?.headers['x-service-api-version']).toBe('2026-04-29');
    expect(delivery?.headers['user-agent']).toBe('Foretell-Webhooks/0.0.0-test');
    const signature = String(delivery?.headers['x-service-signature']);
    expect(signature).toMatch(/^t=\d{13},v1=[0-9a-f]{64}$/);
    const nowMs = kit.clock.now().getTime();
    expect(verifyWebhookSignature(signature, delivery?.body ?? '', [secret], { nowMs }).valid).toBe(true);
    expect(delivery?.headers['webhook-id']).toBe(eventId);
    expect(delivery?.headers['webhook-timestamp']).toBe(String(Math.floor(nowMs / 1000)));
    expect(verifiesAsStandardWebhook(delivery?.headers ?? {}, delivery?.body ?? '', secret, nowMs)).toBe(true);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      id: eventId,
      type: 'trade.completed',
      data: { tradeId: 'abc' },
    });

    const event = await eventOf(apiKeyId, eventId);
    expect(event).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastFailureCode: null });
    const attempts = await listAttemptsOfEvent(kit.database.db, apiKeyId, eventId);
    expect(attempts).toMatchObject([
      { attemptNumber: 1, triggeredBy: 'schedule', statusCode: 200, outcome: 'delivered' },
    ]);
  });

  it("delivers a key's events in sequence order, one after another", async () => {
    const path = freshPath();
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await kit.recordEvent(apiKeyId, { index }));
    await deliverKeyEvents(kit.deps(), apiKeyId);
    expect(kit.receiver.received(path).map((entry) => entry.headers['x-service-event-id'])).toEqual(ids);
  });

  it("schedules a retry after a 500 and holds the key's later events until the head is delivered", async () => {
    const path = freshPath();
    kit.receiver.behave(path, { kind: 'status', status: 500, body: 'boom\n\u0000internal' });
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const first = await kit.recordEvent(apiKeyId);
    const second = await kit.recordEvent(apiKeyId);

    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('waiting');
    const failed = await eventOf(apiKeyId, first);
    expect(failed).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastStatusCode: 500,
      lastFailureCode: 'HTTP_SERVER_ERROR',
      lastErrorMessage: 'boom internal',
    });
    expect((await eventOf(apiKeyId, second)).status).toBe('pending');
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('waiting');
    expect(kit.receiver.received(path)).toHaveLength(1);

    kit.receiver.behave(path, { kind: 'status', status: 204 });
    kit.clock.advance(30_000);
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('drained');
    expect(kit.receiver.received(path).map((entry) => entry.headers['x-service-event-id'])).toEqual([
      first,
      first,
      second,
    ]);
    expect(await eventOf(apiKeyId, first)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('runs the whole schedule to a terminal failure after 10 attempts (about 23 h), then moves on to the next event', async () => {
    const path = freshPath();
    kit.receiver.behave(path, { kind: 'status', status: 503 });
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const doomed = await kit.recordEvent(apiKeyId);
    const next = await kit.recordEvent(apiKeyId);
    const start = kit.clock.now().getTime();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const before = kit.clock.now().getTime();
      await deliverKeyEvents(kit.deps(), apiKeyId);
      const event = await eventOf(apiKeyId, doomed);
      expect(event.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(event.status).toBe('retrying');
        const due = (await kit.database.db('webhook_events').where({ id: doomed }).first('next_attempt_at')) as {
          next_attempt_at: Date;
        };
        gaps.push(new Date(due.next_attempt_at).getTime() - before);
        kit.clock.set(new Date(due.next_attempt_at).getTime());
      }
    }
    expect(gaps).toEqual([
      30_000, 120_000, 480_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000, 32_400_000,
    ]);
    const failed = await eventOf(apiKeyId, doomed);
    expect(failed.status).toBe('failed');
    expect(failed.terminalFailureAt?.getTime()).toBe(kit.clock.now().getTime());
    expect((kit.clock.now().getTime() - start) / 3_600_000).toBeCloseTo(22.675, 2);
    expect(await listAttemptsOfEvent(kit.database.db, apiKeyId, doomed)).toHaveLength(10);
    // Every failure also counted against the endpoint: its breaker reopened after the last one, so the next event
    // was postponed to the half-open probe 30 s later, without spending an attempt.
    kit.receiver.behave(path, { kind: 'status', status: 200 });
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('waiting');
    expect(await eventOf(apiKeyId, next)).toMatchObject({ status: 'pending', attempts: 0 });
    kit.clock.advance(30_000);
    await deliverKeyEvents(kit.deps(), apiKeyId);
    expect(await eventOf(apiKeyId, next)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it.each([
    [410, 'HTTP_CLIENT_ERROR'],
    [400, 'HTTP_CLIENT_ERROR'],
  ])('fails an event at once on %i and delivers the next', async (status, code) => {
    const path = freshPath();
    kit.receiver.behave(path, (request) =>
      request.headers['x-service-event-id'] === firstId ? { kind: 'status', status } : { kind: 'status', status: 200 },
    );
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const firstId = await kit.recordEvent(apiKeyId);
    const second = await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(kit.deps(), apiKeyId);
    expect(await eventOf(apiKeyId, firstId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: status,
      lastFailureCode: code,
    });
    expect((await eventOf(apiKeyId, firstId)).terminalFailureAt).not.toBeNull();
    expect((await eventOf(apiKeyId, second)).status).toBe('delivered');
  });

  it('retries a timeout, a closed socket and a redirect (never followed)', async () => {
    const cases: Array<[Parameters<WebhookReceiver['behave']>[1], string, number | null]> = [
      [{ kind: 'hang' }, 'TIMEOUT', null],
      [{ kind: 'close' }, 'CONNECTION_RESET', null],
      [{ kind: 'redirect', location: kit.receiver.url('/never-followed') }, 'HTTP_REDIRECT', 302],
    ];
    for (const [behaviour, code, statusCode] of cases) {
      const path = freshPath();
      kit.receiver.behave(path, behaviour);
      const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
      const id = await kit.recordEvent(apiKeyId);
      await deliverKeyEvents(kit.deps({ WEBHOOK_TIMEOUT_MS: 300 }), apiKeyId);
      expect(await eventOf(apiKeyId, id)).toMatchObject({
        status: 'retrying',
        lastFailureCode: code,
        lastStatusCode: statusCode,
      });
    }
    expect(kit.receiver.received('/never-followed')).toHaveLength(0);
  });

  it('takes an answer by its status once its headers came, however slow its body: 200 delivers, 500 retries', async () => {
    for (const [status, expected] of [
      [200, { status: 'delivered', lastStatusCode: 200, lastFailureCode: null }],
      [500, { status: 'retrying', lastStatusCode: 500 }],
    ] as const) {
      const path = freshPath();
      kit.receiver.behave(path, { kind: 'stall-body', status });
      const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
      const id = await kit.recordEvent(apiKeyId);
      await deliverKeyEvents(kit.deps({ WEBHOOK_TIMEOUT_MS: 300 }), apiKeyId);
      expect(await eventOf(apiKeyId, id)).toMatchObject(expected);
    }
  });

  it('keeps a redelivery asked while an attempt is in flight: the event is due at once, or gets its one more attempt', async () => {
    for (const [status, expected] of [
      [503, { status: 'retrying', attempts: 1 }],
      [400, { status: 'pending', attempts: 1, redeliveryRequested: true, terminalFailureAt: null }],
    ] as const) {
      const path = freshPath();
      const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
      const id = await kit.recordEvent(apiKeyId);
      let redelivery: Promise<unknown> | undefined;
      // The caller asks for a redelivery (POST …/redeliver) while the receiver holds the attempt.
      kit.receiver.behave(path, () => {
        redelivery ??= kit.database.db.transaction(async (trx) => {
          const event = await findWebhookEventOfKey(trx, apiKeyId, id, { lock: true });
          if (event) await markEventForRedelivery(trx, event, kit.clock.now());
        });
        return { kind: 'status', status, delayMs: 300 };
      });
      await deliverKeyEvents(kit.deps(), apiKeyId);
      await redelivery;
      const event = await eventOf(apiKeyId, id);
      expect(event).toMatchObject({ ...expected, replayCount: 1 });
      // Due now, not at the schedule's next time (nor never): the redelivery the caller was told about happens.
      const [open] = await listOpenEventsOfKey(kit.database.db, apiKeyId, 1);
      expect(open?.nextAttemptAt.getTime()).toBeLessThanOrEqual(kit.clock.now().getTime());
    }
  });

  it("delivers to one key while another key's endpoint hangs", async () => {
    const slowPath = freshPath();
    const fastPath = freshPath();
    kit.receiver.behave(slowPath, { kind: 'hang' });
    const slow = await kit.createKey(kit.receiver.url(slowPath));
    const fast = await kit.createKey(kit.receiver.url(fastPath));
    await kit.recordEvent(slow.apiKeyId);
    for (let index = 0; index < 3; index += 1) await kit.recordEvent(fast.apiKeyId);
    let slowDone = false;
    const slowRun = deliverKeyEvents(kit.deps({ WEBHOOK_TIMEOUT_MS: 3_000 }), slow.apiKeyId).then(
      () => (slowDone = true),
    );
    await kit.receiver.waitFor(slowPath, 1);
    await deliverKeyEvents(kit.deps(), fast.apiKeyId);
    expect(kit.receiver.received(fastPath)).toHaveLength(3);
    expect(slowDone).toBe(false);
    await slowRun;
  });
});
