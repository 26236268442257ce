import { chainExecutorConfigSchema, loadConfigOrExit } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';
import { startOutboxRelay } from './outbox-relay.js';

const settings = loadConfigOrExit(chainExecutorConfigSchema, 'chain-executor');

await runDeployable({
  name: 'chain-executor',
  settings,
  needs: { mysql: true, rabbitmq: true },
  buildApp: createApp,
  startWorkers: async ({ resources, logger }) => [
    startOutboxRelay(resources, logger, {
      republishAfterMs: settings.OUTBOX_REPUBLISH_AFTER_MS,
      pollMs: settings.OUTBOX_POLL_MS,
    }),
  ],
});
