import { chainExecutorConfigSchema } from '#shared/config/app-configs.js';
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { runDeployable } from '#shared/runtime/run-deployable.js';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { requireOperatorRegistry } from '#shared/chain/operator-registry.js';
import { createApp } from './app.js';
import { startMarketIndexer } from './indexer/market-indexer.js';
import { startOutboxRelay } from './outbox/outbox-relay.js';
import { startRedemptionWorkers } from './redemption-workers.js';
import { startSignerSlot } from './signer-slot.js';
import { startTradeWorkers } from './trade-workers.js';

const settings = loadConfigOrExit(chainExecutorConfigSchema, 'chain-executor');

await runDeployable({
  name: 'chain-executor',
  settings,
  needs: { mysql: true, rabbitmq: true, chain: true },
  buildApp: createApp,
  // Stopped in this order on shutdown: the signing work (job consumers and loops), the indexer, the outbox relay.
  startWorkers: ({ resources, logger, metrics }) => {
    const { db, amqp, chain } = resources;
    if (!db || !amqp || !chain) throw new Error('the chain executor needs MySQL, RabbitMQ and the chain');
    // The signer pool: this replica signs with one key it leases (decision 0031); one nonce sequence and one fee
    // estimate for trades and redemptions alike.
    const keys = settings.EXECUTOR_PRIVATE_KEYS;
    const signer = {
      replaceAfterBlocks: settings.TX_REPLACE_AFTER_BLOCKS,
      maxFeePerGas: settings.TX_MAX_FEE_PER_GAS_WEI,
      // A send keeps its transaction moving until past its trades' deadline, so no dropped nonce is left behind.
      receiptTimeoutMs: (settings.EXECUTION_DEADLINE_S + 60) * 1_000,
    };
    const signing = startSignerSlot(
      { db, reader: chain, keys, signer, logger, registry: metrics.registry },
      async ({ writer }, pool) => {
        const platform = await loadPlatformAddresses(db, chain.chain.id);
        const operatorRegistry = requireOperatorRegistry(platform.operatorRegistry, chain.chain.id);
        const trades = await startTradeWorkers(
          { db, amqp, writer, operatorRegistry, activeSigners: pool.activeSigners, logger, registry: metrics.registry },
          settings,
        );
        const redemptions = await startRedemptionWorkers({
          db,
          amqp,
          writer,
          operatorRegistry,
          executionDeadlineS: settings.EXECUTION_DEADLINE_S,
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
        return [...trades, ...redemptions];
      },
    );
    const indexer = startMarketIndexer(
      { db, reader: chain, logger, registry: metrics.registry, amqp },
      { pollMs: settings.INDEXER_POLL_MS, maxBlockRange: settings.INDEXER_MAX_BLOCK_RANGE },
    );
    return Promise.resolve([
      signing,
      () => indexer.stop(),
      startOutboxRelay(resources, logger, {
        republishAfterMs: settings.OUTBOX_REPUBLISH_AFTER_MS,
        pollMs: settings.OUTBOX_POLL_MS,
      }),
    ]);
  },
});
