import { loadConfigOrExit } from '#shared/config/load-config.js';
import { tradingApiConfigSchema } from '#shared/config/app-configs.js';
import { createLazyChainReader } from '#shared/chain/lazy-chain-reader.js';
import { runDeployable } from '#shared/runtime/run-deployable.js';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { createApp } from './app.js';
import { createUsageRecorder, type UsageRecorder } from './usage/usage-recorder.js';

const settings = loadConfigOrExit(tradingApiConfigSchema, 'trading-api');
let usage: UsageRecorder | undefined;
// Quotes and portfolio need the chain; the routes themselves keep answering while the RPC is down (503 on those
// only). Not a start-up need (`needs` below): the app starts without it. createApp adds `chain` to /ready, which
// reports { mysql, redis, rabbitmq, chain } and answers 503 when any fails (DESIGN.md §6), so an RPC outage marks
// the replica not ready.
const chain = createLazyChainReader({
  rpcUrl: settings.CHAIN_RPC_URL,
  ...(settings.CHAIN_ID !== undefined ? { chainId: settings.CHAIN_ID } : {}),
});

// Live notices for streams and waiting reads: this replica's own queue on the `streams` exchange (decision 0022).
const streamNotices = createNoticeHub();
let noticeSubscriber: NoticeSubscriber | undefined;

await runDeployable({
  name: 'trading-api',
  settings,
  needs: { mysql: true, redis: true, rabbitmq: true },
  buildApp: ({ logger, version, routeSwitches, resources, metrics }) => {
    const { db, redis, amqp } = resources;
    if (!db || !redis) throw new Error('trading-api needs MySQL and Redis');
    usage = createUsageRecorder({ db, logger });
    noticeSubscriber = startNoticeSubscriber({
      url: settings.AMQP_URL,
      prefix: settings.AMQP_PREFIX,
      bindingKeys: ['trade.#'],
      hub: streamNotices,
      logger,
    });
    return createApp({
      logger,
      version,
      routeSwitches,
      readinessChecks: resources.readinessChecks,
      metrics,
      trustProxy: settings.TRUST_PROXY,
      gatewayAppendedAddresses: settings.GATEWAY_APPENDED_ADDRESSES,
      docsBaseUrl: settings.DOCS_BASE_URL,
      db,
      redis,
      apiKeyPepper: settings.API_KEY_PEPPER,
      apiKeyPepperPrevious: settings.API_KEY_PEPPER_PREVIOUS,
      serviceEnv: settings.SERVICE_ENV,
      usage,
      chainReader: chain.get,
      readCacheMs: settings.READ_CACHE_MS,
      amqp,
      redemptionsEnabled: settings.REDEMPTIONS_ENABLED,
      webhookSecretKey: settings.WEBHOOK_SECRET_KEY,
      streamNotices,
      streamSettings: {
        maxStreamsPerUser: settings.STREAM_MAX_PER_USER,
        heartbeatMs: settings.STREAM_HEARTBEAT_MS,
        maxBufferedBytes: settings.STREAM_MAX_BUFFER_BYTES,
        stallTimeoutMs: settings.STREAM_STALL_TIMEOUT_MS,
      },
    });
  },
  // The usage counters flush every 5 s and once more on shutdown (before the pool closes).
  startWorkers: async () => {
    usage?.start();
    return [async () => usage?.stop(), () => chain.close(), async () => noticeSubscriber?.close()];
  },
});
