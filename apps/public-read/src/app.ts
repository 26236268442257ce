import type express from 'express';
import { createHttpApp, type HttpMetrics, type ReadinessCheck } from '../../../shared/src/http/index.js';
import type { RouteSwitches } from '../../../shared/src/kill-switch/index.js';
import type { Logger } from '../../../shared/src/logger/index.js';

export interface PublicReadDeps {
  logger: Logger;
  version: string;
  routeSwitches: RouteSwitches;
  readinessChecks: ReadinessCheck[];
  metrics: HttpMetrics;
  trustProxy: string;
}

/** The public read API (`/api/*`): no I/O at build time; routes arrive with the public-read issue. */
export function createApp(deps: PublicReadDeps): express.Express {
  return createHttpApp(
    {
      serviceName: 'public-read',
      version: deps.version,
      logger: deps.logger,
      errorStyle: 'public',
      routeSwitches: deps.routeSwitches,
      readinessChecks: deps.readinessChecks,
      trustProxy: deps.trustProxy,
      metrics: deps.metrics,
    },
    () => {},
  );
}
