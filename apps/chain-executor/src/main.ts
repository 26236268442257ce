import { chainExecutorConfigSchema, loadConfigOrExit } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';
import { startMarketIndexer } from './indexer/market-indexer.js';
import type { Hex } from 'viem';
import { withSigner } from '../../../shared/src/chain/index.js';
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
    if (!resources.db || !resources.chain) throw new Error('the market indexer needs MySQL and the chain');
    const trades = await startTradeWorkers(resources, logger, settings, metrics.registry);
    if (!resources.amqp) throw new Error('the redemption workers need RabbitMQ');
    const redemptions = await startRedemptionWorkers({
      db: resources.db,
      amqp: resources.amqp,
      // The config schema admits only 0x + 64 hex digits.
      writer: withSigner(resources.chain, settings.EXECUTOR_PRIVATE_KEY as Hex),
      logger: logger.child({ component: 'redemptions' }),
      settings: {
        redemptionsEnabled: settings.REDEMPTIONS_ENABLED,
        stalledAfterMs: settings.STALLED_TRADE_AFTER_MS,
        reconcileIntervalMs: settings.RECONCILE_POLL_MS,
      },
    });
    const indexer = startMarketIndexer(
      { db: resources.db, reader: resources.chain, logger, registry: metrics.registry },
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
