import { loadConfigOrExit, tradingApiConfigSchema } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';

const settings = loadConfigOrExit(tradingApiConfigSchema, 'trading-api');

await runDeployable({
  name: 'trading-api',
  settings,
  needs: { mysql: true, redis: true, rabbitmq: true },
  buildApp: ({ logger, version, routeSwitches, resources, metrics }) =>
    createApp({
      logger,
      version,
      routeSwitches,
      readinessChecks: resources.readinessChecks,
      metrics,
      trustProxy: settings.TRUST_PROXY,
      docsBaseUrl: settings.DOCS_BASE_URL,
    }),
});
