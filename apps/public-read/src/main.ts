import { loadConfigOrExit, publicReadConfigSchema } from '../../../shared/src/config/index.js';
import { runDeployable } from '../../../shared/src/runtime/index.js';
import { createApp } from './app.js';

const settings = loadConfigOrExit(publicReadConfigSchema, 'public-read');

await runDeployable({
  name: 'public-read',
  settings,
  needs: { mysql: true, redis: true },
  buildApp: ({ logger, version, routeSwitches, resources, metrics }) =>
    createApp({
      logger,
      version,
      routeSwitches,
      readinessChecks: resources.readinessChecks,
      metrics,
      trustProxy: settings.TRUST_PROXY,
    }),
});
