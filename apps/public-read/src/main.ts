import { createLazyChainReader } from '#shared/chain/lazy-chain-reader.js';
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { publicReadConfigSchema } from '#shared/config/app-configs.js';
import { runDeployable } from '#shared/runtime/run-deployable.js';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { createApp, publicReadSettingsFrom } from './app.js';
import { createApiKeyVerifier } from './http/api-key.js';

const settings = loadConfigOrExit(publicReadConfigSchema, 'public-read');
// Quotes connect on first use: every other endpoint keeps serving while the RPC is down (quotes 503 meanwhile).
const chain = createLazyChainReader({
  rpcUrl: settings.CHAIN_RPC_URL,
  ...(settings.CHAIN_ID !== undefined ? { chainId: settings.CHAIN_ID } : {}),
});

// Live market notices from the indexer: this replica's own queue on the `streams` exchange (decision 0022).
const marketNotices = createNoticeHub();
let stopNotices = (): Promise<void> => Promise.resolve();

await runDeployable({
  name: 'public-read',
  settings,
  needs: { mysql: true, redis: true },
  buildApp: ({ logger, version, routeSwitches, resources, metrics }) => {
    if (!resources.db || !resources.redis) throw new Error('public-read needs MySQL and Redis');
    const notices = startNoticeSubscriber({
      url: settings.AMQP_URL,
      prefix: settings.AMQP_PREFIX,
      bindingKeys: ['market.#'],
      hub: marketNotices,
      logger,
    });
    stopNotices = () => notices.close();
    return createApp({
      logger,
      version,
      routeSwitches,
      // The chain is not a readiness check: without it only quotes fail (503), every other read still works.
      readinessChecks: resources.readinessChecks,
      metrics,
      trustProxy: settings.TRUST_PROXY,
      gatewayAppendedAddresses: settings.GATEWAY_APPENDED_ADDRESSES,
      db: resources.db,
      redis: resources.redis,
      chainReader: chain.get,
      settings: publicReadSettingsFrom(settings),
      apiKeyVerifier: createApiKeyVerifier({
        db: resources.db,
        pepper: settings.API_KEY_PEPPER,
        previousPepper: settings.API_KEY_PEPPER_PREVIOUS,
        env: settings.SERVICE_ENV,
      }),
      marketNotices,
      marketStreams: { maxStreamsPerIp: settings.MARKET_STREAM_MAX_PER_IP },
    });
  },
  startWorkers: () => Promise.resolve([() => chain.close(), () => stopNotices()]),
});
