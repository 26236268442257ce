import { loadConfigOrExit, webhookDispatcherConfigSchema } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';

const settings = loadConfigOrExit(webhookDispatcherConfigSchema, 'webhook-dispatcher');

await runDeployable({
  name: 'webhook-dispatcher',
  settings,
  needs: { mysql: true, redis: true, rabbitmq: true },
  buildApp: createApp,
});
