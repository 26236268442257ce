/*
 * The chain executor as a real process (its own main.ts, as `npm start` runs it) on MariaDB, RabbitMQ and anvil:
 * killed with SIGKILL in the middle of a burst of trades, then started again. Every trade ends completed, each with
 * exactly one on-chain execution and one `trade.completed` event: nothing lost, nothing doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { testDeployables } from '#tooling/testing/deployable-process.js';
import { testEnv } from '#tooling/testing/test-env.js';
import {
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  insertTestTrade,
  startTradeTestbed,
  USDC,
  type TradeTestbed,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';

let testbed: TradeTestbed;
let messaging: TestMessaging;
let publisher: AmqpConnectionManager;
const deployables = testDeployables();

beforeAll(async () => {
  [testbed, messaging] = await Promise.all([startTradeTestbed(), createTestMessaging()]);
  publisher = messaging.createManager();
}, 60_000);

afterAll(async () => {
  deployables.killAll();
  await publisher?.close();
  await messaging?.destroy();
  await testbed?.close();
});

function startExecutor(): Promise<ChildProcess> {
  return deployables.start('apps/chain-executor/src/main.ts', {
    DATABASE_URL: testbed.database.url,
    AMQP_URL: testEnv.amqpUrl,
    AMQP_PREFIX: messaging.prefix,
    CHAIN_RPC_URL: testbed.fixture.chain.rpcUrl,
    CHAIN_ID: String(testbed.fixture.reader.chain.id),
    EXECUTOR_PRIVATE_KEY: anvilPrivateKey(1),
    // Concurrent buys on one market move its price between quote and send: this test is about restarts.
    TRADE_SLIPPAGE_BPS: '5000',
    STALLED_TRADE_AFTER_MS: '1500',
    RECONCILE_POLL_MS: '200',
  });
}

const statusCounts = async (trades: readonly TradeRecord[]) => {
  const rows = (await testbed
    .db('trades')
    .whereIn(
      'id',
      trades.map((trade) => trade.id),
    )
    .select('status')) as Array<{ status: string }>;
  return rows.reduce<Record<string, number>>(
    (counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }),
    {},
  );
};

describe('the chain executor process', () => {
  it('killed mid-burst and restarted, completes every trade exactly once', async () => {
    const { marketId } = await createMarket(testbed);
    const trader = await createTrader(testbed, 10_000n * USDC);
    const trades: TradeRecord[] = [];
    for (let index = 0; index < 40; index += 1) {
      trades.push(await insertTestTrade(testbed.db, { trader, marketId, usdc: 2n * USDC }));
    }
    for (const trade of trades) {
      await publisher.publish(EXCHANGES.trades, 'buy', { tradeId: trade.id }, { messageId: randomUUID() });
    }

    const first = await startExecutor();
    await waitFor(
      'a few trades to complete',
      async () => ((await statusCounts(trades)).completed ?? 0) >= 5 || undefined,
      {
        timeoutMs: 60_000,
      },
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await statusCounts(trades);
    expect(atKill.completed ?? 0).toBeLessThan(trades.length);

    await startExecutor();
    await waitFor(
      'every trade to finish',
      async () => ((await statusCounts(trades)).completed ?? 0) === trades.length || undefined,
      {
        timeoutMs: 60_000,
      },
    );
    for (const trade of trades) {
      expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
      expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    }
  }, 150_000);
});
