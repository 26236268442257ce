import { chainExecutorConfigSchema, loadConfigOrExit } from '#shared/config/index.js';
import { runDeployable } from '#shared/runtime/index.js';
import { createApp } from './app.js';
import { startMarketIndexer } from './indexer/market-indexer.js';
import { withSigner } from '#shared/chain/index.js';
import { startOutboxRelay } from './outbox-relay.js';
import { startRedemptionWorkers } from './redemption-workers.js';
import { startTradeWorkers } from './trade-workers.js';

const settings = loadConfigOrExit(chainExecutorConfigSchema, 'chain-executor');

await runDeployable({
  name: 'chain-executor',
  settings,
  needs: { mysql: true, rabbitmq: true, chain: true },
  buildApp: createApp,
  // Stopped in this order on shutdown: the job consumers and loops first, the indexer, then the outbox relay.
  startWorkers: async ({ resources, logger, metrics }) => {
    const { db, amqp, chain } = resources;
    if (!db || !amqp || !chain) throw new Error('the chain executor needs MySQL, RabbitMQ and the chain');
    // One signer for trades and redemptions: one nonce sequence and one fee estimate for the operator key.
    // The config schema admits only 0x + 64 hex digits.
    const writer = withSigner(chain, settings.EXECUTOR_PRIVATE_KEY);
    const trades = await startTradeWorkers({ db, amqp, writer, logger, registry: metrics.registry }, settings);
    const redemptions = await startRedemptionWorkers({
      db,
      amqp,
      writer,
      logger,
      settings: {
        redemptionsEnabled: settings.REDEMPTIONS_ENABLED,
        stalledAfterMs: settings.STALLED_TRADE_AFTER_MS,
        reconcileIntervalMs: settings.RECONCILE_POLL_MS,
      },
    }).catch(async (error: unknown) => {
      for (const stop of trades) await stop();
      throw error;
    });
    const indexer = startMarketIndexer(
      { db, reader: chain, logger, registry: metrics.registry, amqp },
      { pollMs: settings.INDEXER_POLL_MS, maxBlockRange: settings.INDEXER_MAX_BLOCK_RANGE },
    );
    return [
      ...trades,
      ...redemptions,
      () => indexer.stop(),
      startOutboxRelay(resources, logger, {
        republishAfterMs: settings.OUTBOX_REPUBLISH_AFTER_MS,
        pollMs: settings.OUTBOX_POLL_MS,
      }),
    ];
  },
});
