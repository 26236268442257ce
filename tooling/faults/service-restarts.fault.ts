/*
 * The backing services restarted for real (the suite's private instances, never the machine's shared ones):
 * RabbitMQ restarted during a trade burst and crashed with messages in its quorum queues, MariaDB crashed and
 * restarted under a burst, Redis restarted (empty). Each deployable reports the service down on /ready while it
 * is, reconnects by itself, and afterwards every trade, event and USDC is accounted for.
 */
import { describe, expect, it } from '@jest/globals';
import { connect } from 'amqplib';
import { physicalName, QUEUES } from '#shared/messaging/topology.js';
import { waitFor } from '../testing/messaging/wait-for.js';
import {
  expectBurstsCompleted,
  expectEveryAppReady,
  expectReportsDown,
  waitForCompletedTrades,
} from './fault-invariants.js';
import { FAULT_AMQP_PREFIX } from './fault-stack.js';
import { callTradingApi, startTradeBurst, type Burst, type FaultTrader } from './fault-traders.js';
import { useFaultSuite } from './fault-suite.js';

const suite = useFaultSuite();

const someCompleted = (buyer: FaultTrader, count: number) => waitForCompletedTrades(suite.stack, buyer, count);
const expectAllAccountedFor = (bursts: Burst[]) => expectBurstsCompleted(suite, bursts);

/** Ready messages in the executor's trade queue, asked of the broker directly. */
async function tradeJobsQueued(): Promise<number> {
  const connection = await connect(suite.stack.services.rabbitmq.url);
  try {
    const channel = await connection.createChannel();
    return (await channel.checkQueue(physicalName(FAULT_AMQP_PREFIX, QUEUES.chainExecutorTrades))).messageCount;
  } finally {
    await connection.close();
  }
}

describe('the fault suite: backing services restarted', () => {
  it('RabbitMQ restarted during a trade burst: the API keeps accepting (outbox), every app reconnects, every trade completes once', async () => {
    const buyer = await suite.trader('/rabbitmq-restart');
    const burst = startTradeBurst(suite.stack, buyer, { count: 30, concurrency: 2 });
    await someCompleted(buyer, 3);
    await suite.stack.services.rabbitmq.stop('SIGTERM');
    await expectReportsDown(suite.stack.apps.tradingApi, ['rabbitmq']);
    await expectReportsDown(suite.stack.apps.executor, ['rabbitmq']);
    await expectReportsDown(suite.stack.apps.dispatcher, ['rabbitmq']);
    await suite.stack.services.rabbitmq.start();

    const done = await burst.done;
    expect(done.statuses.filter((status) => status !== 201)).toEqual([]);
    await expectAllAccountedFor([done]);
  });

  it('RabbitMQ crashed (SIGKILL) with trade jobs in its quorum queue: they survive the restart and execute once', async () => {
    const buyer = await suite.trader('/rabbitmq-crash');
    await suite.stack.apps.executor.kill();
    const { done } = startTradeBurst(suite.stack, buyer, { count: 5 });
    const burst = await done;
    expect(await waitFor('the five jobs queued', async () => (await tradeJobsQueued()) === 5)).toBe(true);

    await suite.stack.services.rabbitmq.stop('SIGKILL');
    await suite.stack.services.rabbitmq.start();
    // Each quorum queue recovers its messages from its own log once the node is up.
    await waitFor('the five jobs recovered', async () => (await tradeJobsQueued()) === 5, { timeoutMs: 20_000 });
    await suite.stack.apps.executor.start();
    await expectAllAccountedFor([burst]);
  });

  it('MariaDB crashed and restarted under a burst: 503 while down (never a 500), pools reconnect, every trade settles once', async () => {
    const buyer = await suite.trader('/mysql-restart');
    const burst = startTradeBurst(suite.stack, buyer, { count: 30, concurrency: 2 });
    await someCompleted(buyer, 3);
    await suite.stack.services.mysql.stop('SIGKILL');
    await expectReportsDown(suite.stack.apps.tradingApi, ['mysql']);
    await expectReportsDown(suite.stack.apps.executor, ['mysql']);
    await expectReportsDown(suite.stack.apps.dispatcher, ['mysql']);
    await waitFor('a buy answered 503 while MariaDB is down', () => burst.live.statuses.includes(503));
    await suite.stack.services.mysql.start();

    const done = await burst.done;
    expect(done.statuses.filter((status) => ![0, 201, 503].includes(status))).toEqual([]);
    await expectAllAccountedFor([done]);
  });

  it('Redis restarted (empty): writes fail closed with 503, reads stay open, and limits and deliveries resume after', async () => {
    const buyer = await suite.trader('/redis-restart');
    await suite.stack.services.redis.stop('SIGTERM');
    await expectReportsDown(suite.stack.apps.tradingApi, ['redis']);
    await expectReportsDown(suite.stack.apps.dispatcher, ['redis']);

    const write = await callTradingApi(suite.stack, buyer, 'POST', '/v1/trades', {
      body: { marketId: suite.stack.marketId, outcomeIndex: 0, side: 'buy', amount: '2' },
      headers: { 'Idempotency-Key': 'redis-down-write' },
    });
    expect([write.status, write.json.code, write.headers.get('retry-after')]).toEqual([
      503,
      'DEPENDENCY_UNAVAILABLE',
      '30',
    ]);
    const read = await callTradingApi(suite.stack, buyer, 'GET', `/v1/markets/${suite.stack.marketId}`);
    expect(read.status).toBe(200);

    await suite.stack.services.redis.start();
    await expectEveryAppReady(suite.stack);
    const after = startTradeBurst(suite.stack, buyer, { count: 5 });
    const burst = await after.done;
    expect(burst.statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await callTradingApi(suite.stack, buyer, 'GET', `/v1/markets/${suite.stack.marketId}`);
    expect(Number(limited.headers.get('x-ratelimit-remaining'))).toBeLessThan(
      Number(limited.headers.get('x-ratelimit-limit')),
    );
    await expectAllAccountedFor([burst]);
  });
});
