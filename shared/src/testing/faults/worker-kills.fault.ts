/*
 * Faults of the workers themselves: the chain executor and the webhook dispatcher killed with SIGKILL mid-work and
 * started again, and a webhook receiver that accepts the connection and never answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../apps/webhook-dispatcher/src/testing/webhook-receiver.js';
import { waitFor } from '../../messaging/testing/wait-for.js';
import {
  expectChainBalanced,
  expectQueuesDrained,
  expectTradesSettled,
  expectWebhooksSettled,
} from './fault-invariants.js';
import { startFaultStack, type FaultStack } from './fault-stack.js';
import { callTradingApi, createFaultTrader, tradeBurst, type FaultTrader } from './fault-traders.js';

let stack: FaultStack;
let receiver: WebhookReceiver;
const traders: FaultTrader[] = [];

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startFaultStack(), startWebhookReceiver()]);
}, 180_000);

beforeEach(async () => {
  await Promise.all(Object.values(stack.proxies).map((proxy) => proxy.heal()));
  await Promise.all(Object.values(stack.apps).map((app) => app.ensureRunning()));
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
}, 60_000);

const receivedIds = () => new Set(receiver.received().map((entry) => String(entry.headers['x-service-event-id'])));

async function trader(path: string): Promise<FaultTrader> {
  const created = await createFaultTrader(stack, { webhookUrl: receiver.url(path) });
  traders.push(created);
  return created;
}

const completedCount = async (ids: readonly string[]) =>
  ids.length === 0
    ? 0
    : (await stack.db('trades').whereIn('id', ids).where('status', 'completed').count({ n: '*' }))[0]!.n;

describe('the fault suite: worker processes', () => {
  it('the chain executor killed mid-burst and restarted executes every trade exactly once', async () => {
    const buyer = await trader('/executor-kill');
    const running = tradeBurst(stack, buyer, { count: 30, concurrency: 2 });
    await waitFor('a few trades to complete', async () => {
      const ids: string[] = await stack.db('trades').where('user_id', buyer.userId).pluck('id');
      return Number(await completedCount(ids)) >= 3;
    });
    await stack.apps.executor.kill();
    // The API keeps accepting trades while nobody executes them; they wait in the queue.
    const whileDown = await tradeBurst(stack, buyer, { count: 5 });
    const first = await running;
    expect(whileDown.statuses.every((status) => status === 201)).toBe(true);
    expect(Number(await completedCount([...first.tradeIds, ...whileDown.tradeIds]))).toBeLessThan(35);

    await stack.apps.executor.start();
    await stack.apps.executor.waitUntilReady();
    await expectTradesSettled(stack, [...first.tradeIds, ...whileDown.tradeIds], { status: 'completed' });
    await expectChainBalanced(stack, traders);
    await expectWebhooksSettled(stack, [buyer.apiKeyId], receivedIds);
    await expectQueuesDrained(stack);
  });

  it('the webhook dispatcher killed mid-delivery and restarted delivers every event, the interrupted one again', async () => {
    const path = '/dispatcher-kill';
    const buyer = await trader(path);
    receiver.behave(path, { kind: 'hang' });
    const burst = await tradeBurst(stack, buyer, { count: 4 });
    await expectTradesSettled(stack, burst.tradeIds, { status: 'completed' });
    const [interrupted] = await receiver.waitFor(path, 1, 30_000);
    await stack.apps.dispatcher.kill();

    receiver.behave(path, { kind: 'status', status: 200 });
    await stack.apps.dispatcher.start();
    await stack.apps.dispatcher.waitUntilReady();
    const events = await expectWebhooksSettled(stack, [buyer.apiKeyId], receivedIds);
    expect(events.map((event) => event.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    const ids = receiver.received(path).map((entry) => entry.headers['x-service-event-id']);
    // At least once: the attempt cut short by the kill recorded nothing, so the same event is sent again first.
    expect(ids[0]).toBe(interrupted!.headers['x-service-event-id']);
    expect(new Set(ids).size).toBe(4);
    await expectQueuesDrained(stack);
  });

  it('a receiver that hangs costs its key a timed-out attempt and blocks no other key; redelivered, it catches up in order', async () => {
    const [hanging, healthy, gone] = [await trader('/hangs'), await trader('/healthy'), await trader('/gone')];
    receiver.behave('/hangs', { kind: 'hang' });
    receiver.behave('/gone', { kind: 'status', status: 410 });
    const bursts = await Promise.all([hanging, healthy, gone].map((buyer) => tradeBurst(stack, buyer, { count: 3 })));
    await expectTradesSettled(
      stack,
      bursts.flatMap((burst) => burst.tradeIds),
      { status: 'completed' },
    );

    // The healthy key and the gone key settle while the hanging one waits for its retry.
    await expectWebhooksSettled(stack, [healthy.apiKeyId, gone.apiKeyId], receivedIds);
    const goneEvents = await stack.db('webhook_events').where('api_key_id', gone.apiKeyId).select();
    expect(goneEvents.map((event) => [event.status, event.attempts, event.last_failure_code])).toEqual(
      Array(3).fill(['failed', 1, 'HTTP_CLIENT_ERROR']),
    );
    const head = await waitFor('the hanging key head to time out', async () =>
      stack.db('webhook_events').where({ api_key_id: hanging.apiKeyId, status: 'retrying' }).first(),
    );
    expect([head.attempts, head.last_failure_code]).toEqual([1, 'TIMEOUT']);
    expect(
      await stack.db('webhook_events').where({ api_key_id: hanging.apiKeyId, status: 'pending' }).pluck('id'),
    ).toHaveLength(2);

    receiver.behave('/hangs', { kind: 'status', status: 200 });
    const redeliver = await callTradingApi(stack, hanging, 'POST', `/v1/webhooks/events/${head.id}/redeliver`);
    expect(redeliver.status).toBe(202);
    const events = await expectWebhooksSettled(stack, [hanging.apiKeyId], receivedIds);
    expect(events.find((event) => event.id === head.id)?.attempts).toBe(2);
    const order: string[] = await stack
      .db('webhook_events')
      .where('api_key_id', hanging.apiKeyId)
      .orderBy('seq')
      .pluck('id');
    const delivered = receiver.received('/hangs').map((entry) => entry.headers['x-service-event-id']);
    expect(delivered).toEqual([head.id, ...order]);
    await expectChainBalanced(stack, traders);
  });
});
