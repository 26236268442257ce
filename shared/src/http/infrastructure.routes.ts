import type { RequestHandler } from 'express';
import type { HttpMetrics } from './http-metrics.js';
import type { AppLifecycle } from './lifecycle.js';
import type { ReadinessProbe } from './readiness.js';
import type { RouteTable } from './route-table.js';

export interface InfrastructureRoutesOptions {
  version: string;
  healthPaths: readonly string[];
  readyPaths: readonly string[];
  metricsPath: string;
  readiness: ReadinessProbe;
  lifecycle: AppLifecycle;
  metrics: HttpMetrics;
  /** Informational state shown under `details` on /ready (e.g. the route switches' source); never affects readiness. */
  readyDetails?: () => Record<string, unknown>;
}

/** Route ids of the infrastructure routes, for quiet access logging. */
export function infrastructureRouteIds(
  options: Pick<InfrastructureRoutesOptions, 'healthPaths' | 'readyPaths' | 'metricsPath'>,
): Set<string> {
  return new Set([...options.healthPaths, ...options.readyPaths, options.metricsPath].map((path) => `GET ${path}`));
}

/** Liveness, readiness and Prometheus metrics. Mounted before data routes and never kill-switched. */
export function mountInfrastructureRoutes(table: RouteTable, options: InfrastructureRoutesOptions): void {
  const get = (path: string, handler: RequestHandler) => table.add('GET', path, handler);
  for (const path of options.healthPaths) {
    get(path, (_req, res) => {
      res.locals.routeId = `GET ${path}`;
      res.setHeader('Cache-Control', 'no-store');
      res.json({ status: 'ok', version: options.version });
    });
  }

  for (const path of options.readyPaths) {
    get(path, async (_req, res) => {
      res.locals.routeId = `GET ${path}`;
      res.setHeader('Cache-Control', 'no-store');
      if (options.lifecycle.shuttingDown) {
        res.status(503).json({ status: 'not_ready', checks: {}, shuttingDown: true });
        return;
      }
      const report = await options.readiness.run();
      const details = options.readyDetails?.();
      res
        .status(report.ready ? 200 : 503)
        .json({ status: report.ready ? 'ready' : 'not_ready', checks: report.checks, ...(details ? { details } : {}) });
    });
  }

  get(options.metricsPath, async (_req, res) => {
    res.locals.routeId = `GET ${options.metricsPath}`;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', options.metrics.registry.contentType);
    res.send(await options.metrics.registry.metrics());
  });
}
