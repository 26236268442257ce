/*
 * Faults of the workers themselves: the chain executor and the webhook dispatcher killed with SIGKILL mid-work and
 * started again, and a webhook receiver that accepts the connection and never answers.
 */
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '../testing/messaging/wait-for.js';
import { expectFaultHealed, expectTradesSettled, expectWebhooksSettled } from './fault-invariants.js';
import { callTradingApi, tradeBurst } from './fault-traders.js';
import { useFaultSuite } from './fault-suite.js';

const suite = useFaultSuite();

const completedCount = async (ids: readonly string[]) =>
  ids.length === 0
    ? 0
    : (await suite.stack.db('trades').whereIn('id', ids).where('status', 'completed').count({ n: '*' }))[0]!.n;

describe('the fault suite: worker processes', () => {
  it('the chain executor killed mid-burst and restarted executes every trade exactly once', async () => {
    const buyer = await suite.trader('/executor-kill');
    const running = tradeBurst(suite.stack, buyer, { count: 30, concurrency: 2 });
    await waitFor('a few trades to complete', async () => {
      const ids: string[] = await suite.stack.db('trades').where('user_id', buyer.userId).pluck('id');
      return Number(await completedCount(ids)) >= 3;
    });
    await suite.stack.apps.executor.kill();
    // The API keeps accepting trades while nobody executes them; they wait in the queue.
    const whileDown = await tradeBurst(suite.stack, buyer, { count: 5 });
    const first = await running;
    expect(whileDown.statuses.every((status) => status === 201)).toBe(true);
    expect(Number(await completedCount([...first.tradeIds, ...whileDown.tradeIds]))).toBeLessThan(35);

    await suite.stack.apps.executor.start();
    await expectTradesSettled(suite.stack, [...first.tradeIds, ...whileDown.tradeIds], { status: 'completed' });
    await expectFaultHealed(suite, { status: 'completed' });
  });

  it('the webhook dispatcher killed mid-delivery and restarted delivers every event, the interrupted one again', async () => {
    const path = '/dispatcher-kill';
    const buyer = await suite.trader(path);
    suite.receiver.behave(path, { kind: 'hang' });
    const burst = await tradeBurst(suite.stack, buyer, { count: 4 });
    await expectTradesSettled(suite.stack, burst.tradeIds, { status: 'completed' });
    const [interrupted] = await suite.receiver.waitFor(path, 1, 30_000);
    await suite.stack.apps.dispatcher.kill();

    suite.receiver.behave(path, { kind: 'status', status: 200 });
    await suite.stack.apps.dispatcher.start();
    const events = await expectWebhooksSettled(suite.stack, [buyer.apiKeyId], suite.receivedIds);
    expect(events.map((event) => event.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    const ids = suite.receiver.received(path).map((entry) => entry.headers['x-service-event-id']);
    // At least once: the attempt cut short by the kill recorded nothing, so the same event is sent again first.
    expect(ids[0]).toBe(interrupted!.headers['x-service-event-id']);
    expect(new Set(ids).size).toBe(4);
    await expectFaultHealed(suite, { status: 'completed' });
  });

  it('a suite.receiver that hangs costs its key a timed-out attempt and blocks no other key; redelivered, it catches up in order', async () => {
    const [hanging, healthy, gone] = [
      await suite.trader('/hangs'),
      await suite.trader('/healthy'),
      await suite.trader('/gone'),
    ];
    suite.receiver.behave('/hangs', { kind: 'hang' });
    suite.receiver.behave('/gone', { kind: 'status', status: 410 });
    const bursts = await Promise.all(
      [hanging, healthy, gone].map((buyer) => tradeBurst(suite.stack, buyer, { count: 3 })),
    );
    await expectTradesSettled(
      suite.stack,
      bursts.flatMap((burst) => burst.tradeIds),
      { status: 'completed' },
    );

    // The healthy key and the gone key settle while the hanging one waits for its retry.
    await expectWebhooksSettled(suite.stack, [healthy.apiKeyId, gone.apiKeyId], suite.receivedIds);
    const goneEvents = await suite.stack.db('webhook_events').where('api_key_id', gone.apiKeyId).select();
    expect(goneEvents.map((event) => [event.status, event.attempts, event.last_failure_code])).toEqual(
      Array(3).fill(['failed', 1, 'HTTP_CLIENT_ERROR']),
    );
    const head = await waitFor('the hanging key head to time out', async () =>
      suite.stack.db('webhook_events').where({ api_key_id: hanging.apiKeyId, status: 'retrying' }).first(),
    );
    expect([head.attempts, head.last_failure_code]).toEqual([1, 'TIMEOUT']);
    expect(
      await suite.stack.db('webhook_events').where({ api_key_id: hanging.apiKeyId, status: 'pending' }).pluck('id'),
    ).toHaveLength(2);

    suite.receiver.behave('/hangs', { kind: 'status', status: 200 });
    const redeliver = await callTradingApi(suite.stack, hanging, 'POST', `/v1/webhooks/events/${head.id}/redeliver`);
    expect(redeliver.status).toBe(202);
    const events = await expectWebhooksSettled(suite.stack, [hanging.apiKeyId], suite.receivedIds);
    expect(events.find((event) => event.id === head.id)?.attempts).toBe(2);
    const order: string[] = await suite.stack
      .db('webhook_events')
      .where('api_key_id', hanging.apiKeyId)
      .orderBy('seq')
      .pluck('id');
    const delivered = suite.receiver.received('/hangs').map((entry) => entry.headers['x-service-event-id']);
    expect(delivered).toEqual([head.id, ...order]);
    await expectFaultHealed(suite, { status: 'completed' });
  });
});
