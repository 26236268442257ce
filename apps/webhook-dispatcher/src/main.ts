import { loadConfigOrExit } from '#shared/config/load-config.js';
import { webhookDispatcherConfigSchema } from '#shared/config/app-configs.js';
import { runDeployable } from '#shared/runtime/run-deployable.js';
import { createApp } from './app.js';
import { startDispatcherWorkers } from './dispatcher-workers.js';

const settings = loadConfigOrExit(webhookDispatcherConfigSchema, 'webhook-dispatcher');

await runDeployable({
  name: 'webhook-dispatcher',
  settings,
  needs: { mysql: true, redis: true, rabbitmq: true },
  buildApp: createApp,
  startWorkers: async ({ resources, logger, metrics, version }) => {
    const { db, redis, amqp } = resources;
    if (!db || !redis || !amqp) throw new Error('the webhook dispatcher needs MySQL, Redis and RabbitMQ');
    return startDispatcherWorkers({ db, redis, amqp, logger, registry: metrics.registry, version }, settings);
  },
});
