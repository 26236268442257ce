/* The trade-job consumer on a real RabbitMQ (own prefix), MariaDB and anvil: jobs in, trades executed once. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { RunningConsumer } from '#shared/messaging/consumer.js';
import { EXCHANGES, parkingQueueOf, QUEUES } from '#shared/messaging/topology.js';
import { closeBrokerConnections } from '#tooling/testing/messaging/broker-control.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import {
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  insertTestTrade,
  startTradeTestbed,
  tradeDeps,
  tradeOf,
  USDC,
  type Trader,
  type TradeTestbed,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { createTradeMetrics } from '../trades/trade-metrics.js';
import { startTradeJobsConsumer } from './trade-jobs.consumer.js';

let testbed: TradeTestbed;
let messaging: TestMessaging;
let executorAmqp: AmqpConnectionManager;
let publisher: AmqpConnectionManager;
let consumer: RunningConsumer;
let marketId: string;
let executorConnection: string;
const registry = new Registry();

/** trade_jobs_total by outcome, as /metrics would show it. */
async function jobCounts(): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric('trade_jobs_total')!.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels.outcome), value.value]));
}

beforeAll(async () => {
  [testbed, messaging] = await Promise.all([startTradeTestbed(), createTestMessaging()]);
  executorConnection = `${messaging.prefix}:executor`;
  executorAmqp = messaging.createManager({ connectionName: executorConnection });
  publisher = messaging.createManager();
  ({ marketId } = await createMarket(testbed));
  // Concurrent buys on one small market move its price between each quote and send: a wide tolerance keeps this
  // suite about delivery, not slippage (execute-trade.test.ts covers SLIPPAGE_EXCEEDED).
  const deps = tradeDeps(testbed, { amqp: executorAmqp, slippageBps: 5_000 });
  consumer = await startTradeJobsConsumer(executorAmqp, deps, { prefetch: 8, metrics: createTradeMetrics(registry) });
}, 60_000);

afterAll(async () => {
  await consumer?.stop();
  await messaging?.destroy();
  await testbed?.close();
});

const publishJob = (trade: TradeRecord) =>
  publisher.publish(EXCHANGES.trades, trade.side, { tradeId: trade.id }, { messageId: randomUUID() });

async function insertBuys(trader: Trader, count: number): Promise<TradeRecord[]> {
  const trades: TradeRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    trades.push(await insertTestTrade(testbed.db, { trader, marketId, usdc: 1n * USDC, outcomeIndex: index % 2 }));
  }
  return trades;
}

const terminal = async (trades: TradeRecord[]) => {
  const statuses = await Promise.all(trades.map(async (trade) => (await tradeOf(testbed.db, trade.id)).status));
  return statuses.every((status) => ['completed', 'failed', 'rejected'].includes(status));
};

async function expectExecutedOnce(trader: Trader, trades: TradeRecord[]) {
  for (const trade of trades) {
    const done = await tradeOf(testbed.db, trade.id);
    expect([done.status, done.errorCode, done.errorMessage]).toEqual(['completed', null, null]);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  }
}

describe('trade jobs consumer', () => {
  it('executes each published trade once, even when its job is delivered twice, and acks every job', async () => {
    const trader = await createTrader(testbed);
    const trades = await insertBuys(trader, 4);
    for (const trade of trades) await Promise.all([publishJob(trade), publishJob(trade)]);

    await waitFor('every trade to finish', () => terminal(trades));
    await waitFor('the queue to drain', async () => (await messaging.readyCount(QUEUES.chainExecutorTrades)) === 0);

    await expectExecutedOnce(trader, trades);
    expect(await messaging.readyCount(parkingQueueOf(QUEUES.chainExecutorTrades))).toBe(0);
    // Each of the 8 jobs is counted: 4 executions, and 4 duplicates that found their trade no longer pending
    // (or lost the race for it).
    const counts = await jobCounts();
    expect(counts.completed).toBeGreaterThanOrEqual(4);
    expect((counts.not_pending ?? 0) + (counts.lost_race ?? 0)).toBeGreaterThanOrEqual(4);
  });

  it('brings every trade of a burst to exactly one terminal state across a broker connection drop', async () => {
    const trader = await createTrader(testbed, 100n * USDC);
    const trades = await insertBuys(trader, 20);
    await Promise.all(trades.map(publishJob));
    await waitFor('the first trade to complete', async () =>
      (await Promise.all(trades.map((trade) => tradeOf(testbed.db, trade.id)))).some((t) => t.status !== 'pending'),
    );

    expect(await closeBrokerConnections(executorConnection, 'test: connection drop')).toBeGreaterThan(0);

    await waitFor('every trade to finish', () => terminal(trades), { timeoutMs: 30_000 });
    await waitFor('the queue to drain', async () => (await messaging.readyCount(QUEUES.chainExecutorTrades)) === 0);
    await expectExecutedOnce(trader, trades);
    expect(await messaging.readyCount(parkingQueueOf(QUEUES.chainExecutorTrades))).toBe(0);
  }, 60_000);
});
