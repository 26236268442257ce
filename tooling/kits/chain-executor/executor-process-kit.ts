/*
 * The chain executor as real processes (its own main.ts, as `npm start` runs it) on a trade testbed's database and
 * chain and a private RabbitMQ prefix, for the suites that kill executors mid-burst. Never import outside tests.
 */
import { afterAll, beforeAll, expect } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { testDeployables } from '#tooling/testing/deployable-process.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { testEnv } from '#tooling/testing/test-env.js';
import {
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  insertTestTrade,
  startTradeTestbed,
  USDC,
  type Trader,
  type TradeTestbed,
} from './trade-executor-test-kit.js';

export interface ExecutorProcesses {
  readonly testbed: TradeTestbed;
  /** Starts an executor process with `env` over the suite's database, broker prefix and chain. */
  start(env: Record<string, string>): Promise<ChildProcess>;
  /** A trader funded with 10,000 USDC and a new market for a burst. */
  burstTrader(): Promise<{ trader: Trader; marketId: string }>;
  /** `count` pending 2-USDC buys of the trader on the market, each job published once. */
  publishBurst(on: { trader: Trader; marketId: string }, count: number): Promise<TradeRecord[]>;
  /** How many of `trades` are completed. */
  completedCount(trades: readonly TradeRecord[]): Promise<number>;
  /** Each trade executed exactly once on-chain, with exactly one `trade.completed` event. */
  expectEachExecutedOnce(trader: Trader, trades: readonly TradeRecord[]): Promise<void>;
}

/**
 * Registers the file's hooks: a trade testbed and a broker prefix started in beforeAll (then `setUp`), every process
 * killed and everything closed in afterAll.
 */
export function useExecutorProcesses(setUp?: (testbed: TradeTestbed) => Promise<void>): ExecutorProcesses {
  const deployables = testDeployables();
  let testbed: TradeTestbed | undefined;
  let messaging: TestMessaging | undefined;
  let publisher: AmqpConnectionManager | undefined;
  const started = () => {
    if (!testbed || !messaging || !publisher) throw new Error('the executor processes are used before beforeAll');
    return { testbed, messaging, publisher };
  };
  beforeAll(async () => {
    [testbed, messaging] = await Promise.all([startTradeTestbed(), createTestMessaging()]);
    publisher = messaging.createManager();
    await setUp?.(testbed);
  }, 60_000);
  afterAll(async () => {
    deployables.killAll();
    await testbed?.fixture.chain.testClient.setAutomine(true);
    await publisher?.close();
    await messaging?.destroy();
    await testbed?.close();
  });
  return {
    get testbed() {
      return started().testbed;
    },
    start(env) {
      const { testbed, messaging } = started();
      return deployables.start('apps/chain-executor/src/main.ts', {
        DATABASE_URL: testbed.database.url,
        AMQP_URL: testEnv.amqpUrl,
        AMQP_PREFIX: messaging.prefix,
        CHAIN_RPC_URL: testbed.fixture.chain.rpcUrl,
        CHAIN_ID: String(testbed.fixture.reader.chain.id),
        // Concurrent buys on one market move its price between quote and send: these suites are about processes.
        TRADE_SLIPPAGE_BPS: '5000',
        ...env,
      });
    },
    async burstTrader() {
      const { testbed } = started();
      const { marketId } = await createMarket(testbed);
      return { trader: await createTrader(testbed, 10_000n * USDC), marketId };
    },
    async publishBurst({ trader, marketId }, count) {
      const { testbed, publisher } = started();
      const trades: TradeRecord[] = [];
      for (let index = 0; index < count; index += 1) {
        trades.push(await insertTestTrade(testbed.db, { trader, marketId, usdc: 2n * USDC }));
      }
      for (const trade of trades) {
        await publisher.publish(EXCHANGES.trades, 'buy', { tradeId: trade.id }, { messageId: randomUUID() });
      }
      return trades;
    },
    async completedCount(trades) {
      const [row] = (await started()
        .testbed.db('trades')
        .whereIn(
          'id',
          trades.map((trade) => trade.id),
        )
        .where({ status: 'completed' })
        .count({ count: '*' })) as Array<{ count: unknown }>;
      return Number(row?.count);
    },
    async expectEachExecutedOnce(trader, trades) {
      const { testbed } = started();
      for (const trade of trades) {
        expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
        expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
      }
    },
  };
}
