/*
 * The whole trade path in one test process, every part real and wired as `npm start` wires it: the trading API on
 * its own anvil (the trading chain kit), publishing through a private RabbitMQ prefix to the chain executor's trade
 * workers (consumer, expiry loop, reconciler) on the same chain, and (unless `dispatcher: false`) the webhook
 * dispatcher delivering to a real local HTTP receiver; with `streams`, a notice subscriber feeds the API's stream hub
 * (waiting reads, event streams). For tests that follow a trade from POST /v1/trades to its webhook, and the typed
 * client's tests. Never import outside tests.
 */
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { createLogger } from '#shared/logger/logger.js';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import type { Address } from 'viem';
import { startTradingChainKit, type TradingChainKit } from '../trading-api/trading-chain-kit.js';
import type { TestCaller } from '../trading-api/trading-api-test-kit.js';
import { startDispatcherWorkers } from '../../../apps/webhook-dispatcher/src/dispatcher-workers.js';
import { TEST_WEBHOOK_SECRET_KEY, testDispatcherSettings } from '../webhook-dispatcher/dispatcher-test-kit.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../../testing/webhook-receiver.js';
import { startTradeWorkers, type TradeWorkerSettings } from '../../../apps/chain-executor/src/trade-workers.js';
import { eventTypesOf, holdingsOf, tradeOf } from './trade-executor-test-kit.js';

export const sandboxTradeSettings: TradeWorkerSettings = {
  SERVICE_ENV: 'test',
  TRADE_SLIPPAGE_BPS: 100,
  EXECUTION_DEADLINE_S: 120,
  TRADE_BATCH_MAX: 32,
  TRADE_PROCESSING_HALTED: false,
  TRADES_IN_FLIGHT_MAX: 8,
  TRADE_BATCH_INTERVAL_MS: 0,
  CONFIRMATION_EXPIRY_POLL_MS: 1_000,
  // The reconciler settles a trade whose receipt wait timed out once it has been untouched this long.
  STALLED_TRADE_AFTER_MS: 2_000,
  RECONCILE_POLL_MS: 250,
  TRADE_SWEEP_BATCH_SIZE: 50,
};

export interface SandboxStack {
  chain: TradingChainKit;
  receiver: WebhookReceiver;
  /** A funded trader whose key's webhooks go to `path` on the receiver. */
  trader(path: string): Promise<TestCaller & { account: Address }>;
  trade(id: string): Promise<TradeRecord>;
  /** The trade once it reached a terminal status. */
  settled(id: string): Promise<TradeRecord>;
  traceOf(trade: TradeRecord): ReturnType<typeof listTradeEvents>;
  eventTypesOf(trade: TradeRecord): Promise<string[]>;
  /** The USDC and outcome-token balances of an account on the kit's market. */
  holdings(account: Address): Promise<{ usdc: bigint; tokens: bigint[] }>;
  /** The one webhook delivery the receiver got at `path`, parsed. */
  delivery(path: string): Promise<ReceivedDelivery & { json: Record<string, unknown> }>;
  close(): Promise<void>;
}

const TERMINAL = ['completed', 'failed', 'rejected'];

export interface SandboxOptions {
  /** The webhook dispatcher's workers (default true). */
  dispatcher?: boolean;
  /** A notice subscriber feeding the trading API's stream hub (default false). */
  streams?: boolean;
  /** Over sandboxTradeSettings. */
  tradeSettings?: Partial<TradeWorkerSettings>;
}

export async function startSandboxStack(options: SandboxOptions = {}): Promise<SandboxStack> {
  const messaging: TestMessaging = await createTestMessaging();
  const logger = createLogger({ name: 'sandbox-stack', level: 'silent' });
  const hub = options.streams ? createNoticeHub() : undefined;
  const subscriber =
    hub &&
    startNoticeSubscriber({ url: testEnv.amqpUrl, prefix: messaging.prefix, bindingKeys: ['trade.#'], hub, logger });
  if (subscriber && !(await subscriber.ready())) throw new Error('stream notices did not subscribe');
  const [chain, receiver] = await Promise.all([
    startTradingChainKit({ amqp: messaging.createManager(), ...(hub ? { streamNotices: hub } : {}) }),
    startWebhookReceiver(),
  ]);
  const db = chain.kit.database.db;
  const stops = [
    ...(await startTradeWorkers(
      {
        db,
        amqp: messaging.createManager(),
        writer: chain.fixture.executor,
        operatorRegistry: chain.fixture.route.registry,
        activeSigners: () => 1,
        logger,
      },
      { ...sandboxTradeSettings, ...options.tradeSettings },
    )),
    ...(options.dispatcher === false
      ? []
      : await startDispatcherWorkers(
          { db, redis: chain.kit.testRedis.redis, amqp: messaging.createManager(), logger, version: '0.0.0-test' },
          testDispatcherSettings,
        )),
  ];
  const box = createSecretBox(TEST_WEBHOOK_SECRET_KEY);
  const trade = (id: string) => tradeOf(db, id);
  return {
    chain,
    receiver,
    trader: (path) =>
      chain.createTrader({ webhookUrl: receiver.url(path), webhookSecretEnc: box.seal(generateWebhookSecret()) }),
    trade,
    settled: (id) =>
      waitFor(
        `trade ${id} to settle`,
        async () => {
          const current = await trade(id);
          return TERMINAL.includes(current.status) ? current : null;
        },
        { timeoutMs: 45_000 },
      ),
    traceOf: (settledTrade) => listTradeEvents(db, settledTrade.correlationId),
    eventTypesOf: (settledTrade) => eventTypesOf(db, settledTrade),
    holdings: (account) => holdingsOf(chain, account, chain.market),
    delivery: async (path) => {
      const [received] = await receiver.waitFor(path, 1, 30_000);
      if (!received) throw new Error(`no delivery at ${path}`);
      return { ...received, json: JSON.parse(received.body) as Record<string, unknown> };
    },
    async close() {
      for (const stop of stops) await stop();
      await subscriber?.close();
      await receiver.close();
      await chain.close();
      await messaging.destroy();
    },
  };
}
