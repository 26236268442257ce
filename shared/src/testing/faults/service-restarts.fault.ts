/*
 * The backing services restarted for real (the suite's private instances, never the machine's shared ones):
 * RabbitMQ restarted during a trade burst and crashed with messages in its quorum queues, MariaDB crashed and
 * restarted under a burst, Redis restarted (empty). Each deployable reports the service down on /ready while it
 * is, reconnects by itself, and afterwards every trade, event and USDC is accounted for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../apps/webhook-dispatcher/src/testing/webhook-receiver.js';
import { connect } from 'amqplib';
import { physicalName, QUEUES } from '../../messaging/index.js';
import { waitFor } from '../../messaging/testing/wait-for.js';
import {
  expectChainBalanced,
  expectQueuesDrained,
  expectReportsDown,
  expectTradesSettled,
  expectWebhooksSettled,
} from './fault-invariants.js';
import { FAULT_AMQP_PREFIX, startFaultStack, type FaultStack } from './fault-stack.js';
import { callTradingApi, createFaultTrader, startTradeBurst, type Burst, type FaultTrader } from './fault-traders.js';

let stack: FaultStack;
let receiver: WebhookReceiver;
const traders: FaultTrader[] = [];

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startFaultStack(), startWebhookReceiver()]);
}, 180_000);

beforeEach(async () => {
  for (const service of Object.values(stack.services)) if (!service.running()) await service.start();
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

async function someCompleted(buyer: FaultTrader, count: number): Promise<void> {
  await waitFor(`${count} trades to complete`, async () => {
    const rows = await stack.db('trades').where({ user_id: buyer.userId, status: 'completed' }).pluck('id');
    return rows.length >= count;
  });
}

async function everyAppReady(): Promise<void> {
  await Promise.all(Object.values(stack.apps).map((app) => app.waitUntilReady(60_000)));
}

async function expectAllAccountedFor(buyers: FaultTrader[], bursts: Burst[]): Promise<void> {
  await everyAppReady();
  await expectTradesSettled(
    stack,
    bursts.flatMap((burst) => burst.tradeIds),
    { status: 'completed', timeoutMs: 90_000 },
  );
  await expectChainBalanced(stack, traders);
  await expectWebhooksSettled(
    stack,
    buyers.map((buyer) => buyer.apiKeyId),
    receivedIds,
  );
  await expectQueuesDrained(stack);
}

/** Ready messages in the executor's trade queue, asked of the broker directly. */
async function tradeJobsQueued(): Promise<number> {
  const connection = await connect(stack.services.rabbitmq.url);
  try {
    const channel = await connection.createChannel();
    return (await channel.checkQueue(physicalName(FAULT_AMQP_PREFIX, QUEUES.chainExecutorTrades))).messageCount;
  } finally {
    await connection.close();
  }
}

describe('the fault suite: backing services restarted', () => {
  it('RabbitMQ restarted during a trade burst: the API keeps accepting (outbox), every app reconnects, every trade completes once', async () => {
    const buyer = await trader('/rabbitmq-restart');
    const burst = startTradeBurst(stack, buyer, { count: 30, concurrency: 2 });
    await someCompleted(buyer, 3);
    await stack.services.rabbitmq.stop('SIGTERM');
    await expectReportsDown(stack.apps.tradingApi, ['rabbitmq']);
    await expectReportsDown(stack.apps.executor, ['rabbitmq']);
    await expectReportsDown(stack.apps.dispatcher, ['rabbitmq']);
    await stack.services.rabbitmq.start();

    const done = await burst.done;
    expect(done.statuses.filter((status) => status !== 201)).toEqual([]);
    await expectAllAccountedFor([buyer], [done]);
  });

  it('RabbitMQ crashed (SIGKILL) with trade jobs in its quorum queue: they survive the restart and execute once', async () => {
    const buyer = await trader('/rabbitmq-crash');
    await stack.apps.executor.kill();
    const { done } = startTradeBurst(stack, buyer, { count: 5 });
    const burst = await done;
    expect(await waitFor('the five jobs queued', async () => (await tradeJobsQueued()) === 5)).toBe(true);

    await stack.services.rabbitmq.stop('SIGKILL');
    await stack.services.rabbitmq.start();
    // Each quorum queue recovers its messages from its own log once the node is up.
    await waitFor('the five jobs recovered', async () => (await tradeJobsQueued()) === 5, { timeoutMs: 20_000 });
    await stack.apps.executor.start();
    await expectAllAccountedFor([buyer], [burst]);
  });

  it('MariaDB crashed and restarted under a burst: 503 while down (never a 500), pools reconnect, every trade settles once', async () => {
    const buyer = await trader('/mysql-restart');
    const burst = startTradeBurst(stack, buyer, { count: 30, concurrency: 2 });
    await someCompleted(buyer, 3);
    await stack.services.mysql.stop('SIGKILL');
    await expectReportsDown(stack.apps.tradingApi, ['mysql']);
    await expectReportsDown(stack.apps.executor, ['mysql']);
    await expectReportsDown(stack.apps.dispatcher, ['mysql']);
    await waitFor('a buy answered 503 while MariaDB is down', () => burst.live.statuses.includes(503));
    await stack.services.mysql.start();

    const done = await burst.done;
    expect(done.statuses.filter((status) => ![0, 201, 503].includes(status))).toEqual([]);
    await expectAllAccountedFor([buyer], [done]);
  });

  it('Redis restarted (empty): writes fail closed with 503, reads stay open, and limits and deliveries resume after', async () => {
    const buyer = await trader('/redis-restart');
    await stack.services.redis.stop('SIGTERM');
    await expectReportsDown(stack.apps.tradingApi, ['redis']);
    await expectReportsDown(stack.apps.dispatcher, ['redis']);

    const write = await callTradingApi(stack, buyer, 'POST', '/v1/trades', {
      body: { marketId: stack.marketId, outcomeIndex: 0, side: 'buy', amount: '2' },
      headers: { 'Idempotency-Key': 'redis-down-write' },
    });
    expect([write.status, write.json.code, write.headers.get('retry-after')]).toEqual([
      503,
      'DEPENDENCY_UNAVAILABLE',
      '30',
    ]);
    const read = await callTradingApi(stack, buyer, 'GET', `/v1/markets/${stack.marketId}`);
    expect(read.status).toBe(200);

    await stack.services.redis.start();
    await everyAppReady();
    const after = startTradeBurst(stack, buyer, { count: 5 });
    const burst = await after.done;
    expect(burst.statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await callTradingApi(stack, buyer, 'GET', `/v1/markets/${stack.marketId}`);
    expect(Number(limited.headers.get('x-ratelimit-remaining'))).toBeLessThan(
      Number(limited.headers.get('x-ratelimit-limit')),
    );
    await expectAllAccountedFor([buyer], [burst]);
  });
});
