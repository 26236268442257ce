import { chainExecutorConfigSchema, loadConfigOrExit } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';
import { startMarketIndexer } from './indexer/market-indexer.js';
import { startOutboxRelay } from './outbox-relay.js';

const settings = loadConfigOrExit(chainExecutorConfigSchema, 'chain-executor');

await runDeployable({
  name: 'chain-executor',
  settings,
  needs: { mysql: true, rabbitmq: true, chain: true },
  buildApp: createApp,
  startWorkers: async ({ resources, logger, metrics }) => {
    if (!resources.db || !resources.chain) throw new Error('the market indexer needs MySQL and the chain');
    const indexer = startMarketIndexer(
      { db: resources.db, reader: resources.chain, logger, registry: metrics.registry },
      { pollMs: settings.INDEXER_POLL_MS, maxBlockRange: settings.INDEXER_MAX_BLOCK_RANGE },
    );
    return [
      startOutboxRelay(resources, logger, {
        republishAfterMs: settings.OUTBOX_REPUBLISH_AFTER_MS,
        pollMs: settings.OUTBOX_POLL_MS,
      }),
      () => indexer.stop(),
    ];
  },
});
