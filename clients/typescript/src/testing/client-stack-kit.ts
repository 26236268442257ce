/*
 * The running stack the client's tests talk to: the real trading API (trading-chain kit: own MariaDB database,
 * Redis prefix and anvil with the platform deployed and an open market), publishing through its own RabbitMQ
 * prefix, a notice subscriber feeding its stream hub (waiting reads, event streams), and the chain executor's
 * trade-job consumer executing trades on the chain, as `npm start` wires them. Never import outside tests.
 */
import { createTradeMetrics } from '../../../../apps/chain-executor/src/trades/trade-metrics.js';
import { createTradeBatcher } from '../../../../apps/chain-executor/src/trades/trade-batcher.js';
import { createTradeReads } from '../../../../apps/chain-executor/src/trades/trade-reads.js';
import { startTradeJobsConsumer } from '../../../../apps/chain-executor/src/consumers/trade-jobs.consumer.js';
import { createSimulatedDelaySlots } from '../../../../apps/chain-executor/src/trades/simulated-delay.js';
import type { TestCaller } from '../../../../tooling/kits/trading-api/trading-api-test-kit.js';
import { startTradingChainKit, type TradingChainKit } from '../../../../tooling/kits/trading-api/trading-chain-kit.js';
import type { Knex } from '../../../../shared/src/db/create-knex.js';
import { createLogger } from '../../../../shared/src/logger/logger.js';
import { createOutboxTransaction } from '../../../../shared/src/messaging/outbox.js';
import { type RunningConsumer } from '../../../../shared/src/messaging/consumer.js';
import { createTestMessaging, type TestMessaging } from '../../../../tooling/testing/messaging/test-messaging.js';
import { createNoticeHub } from '../../../../shared/src/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '../../../../shared/src/streams/notice-subscriber.js';
import { testEnv } from '../../../../tooling/testing/test-env.js';
import { createForetellClient, type ForetellClient, type ForetellClientOptions } from '../client.js';

export interface ClientStack {
  /** The trading API's origin. */
  url: string;
  db: Knex;
  chain: TradingChainKit;
  /** An open on-chain market (outcomes YES/NO). */
  marketId: string;
  /** An enterprise test key whose smart account holds 1,000 USDC. */
  trader: TestCaller;
  /** A client of `trader` against `url` (or `options.baseUrl`). */
  clientOf(caller: TestCaller, options?: Partial<ForetellClientOptions>): ForetellClient;
  close(): Promise<void>;
}

const logger = createLogger({ name: 'client-test', level: 'silent' });

export async function startClientStack(): Promise<ClientStack> {
  const messaging: TestMessaging = await createTestMessaging();
  const publisher = messaging.createManager();
  const executorAmqp = messaging.createManager();
  await Promise.all([publisher.connect(), executorAmqp.connect()]);
  const hub = createNoticeHub();
  const subscriber: NoticeSubscriber = startNoticeSubscriber({
    url: testEnv.amqpUrl,
    prefix: messaging.prefix,
    bindingKeys: ['trade.#'],
    hub,
    logger,
  });
  if (!(await subscriber.ready())) throw new Error('stream notices did not subscribe');
  const chain = await startTradingChainKit({ amqp: publisher, streamNotices: hub });
  const db = chain.kit.database.db;
  const consumer: RunningConsumer = await startTradeJobsConsumer(
    executorAmqp,
    {
      db,
      reads: createTradeReads(db),
      outbox: createOutboxTransaction(db, executorAmqp),
      writer: chain.fixture.executor,
      operatorRegistry: chain.fixture.route.registry,
      executionDeadlineS: 120,
      batcher: createTradeBatcher(chain.fixture.executor, { maxBatch: 32, logger }),
      // A wide guard: these suites are about the client, not slippage.
      slippageBps: 5_000,
      halted: false,
      serviceEnv: 'test',
      simulatedDelays: createSimulatedDelaySlots(8),
      now: () => new Date(),
      logger,
    },
    { prefetch: 4, metrics: createTradeMetrics(undefined) },
  );
  const trader = await chain.createTrader();
  return {
    url: chain.kit.url,
    db,
    chain,
    marketId: chain.marketId,
    trader,
    clientOf: (caller, options = {}) =>
      createForetellClient({
        baseUrl: chain.kit.url,
        apiKey: caller.key,
        // Each caller has its own documentation-range address (the kit's app trusts loopback proxies).
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          headers.set('X-Forwarded-For', caller.ip);
          return fetch(input, { ...init, headers });
        },
        ...options,
      }),
    async close() {
      await consumer.stop();
      await subscriber.close();
      await chain.close();
      await messaging.destroy();
    },
  };
}
