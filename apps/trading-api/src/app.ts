import type express from 'express';
import { createHttpApp, type HttpMetrics, type ReadinessCheck } from '../../../shared/src/http/index.js';
import type { RouteSwitches } from '../../../shared/src/kill-switch/index.js';
import type { Logger } from '../../../shared/src/logger/index.js';

export interface TradingApiDeps {
  logger: Logger;
  version: string;
  routeSwitches: RouteSwitches;
  readinessChecks: ReadinessCheck[];
  metrics: HttpMetrics;
  trustProxy: string;
  docsBaseUrl: string;
}

/** The trading API (`/v1/*`): no I/O at build time; the contract routes arrive with the trading-API issue. */
export function createApp(deps: TradingApiDeps): express.Express {
  return createHttpApp(
    {
      serviceName: 'trading-api',
      version: deps.version,
      logger: deps.logger,
      errorStyle: 'problem',
      docsBaseUrl: deps.docsBaseUrl,
      healthPaths: ['/health', '/v1/health'],
      readyPaths: ['/ready', '/v1/ready'],
      routeSwitches: deps.routeSwitches,
      readinessChecks: deps.readinessChecks,
      trustProxy: deps.trustProxy,
      metrics: deps.metrics,
    },
    () => {},
  );
}
