import type { RequestHandler, Response } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../logger/logger.js';
import { requestIdOf } from './request-id.middleware.js';

type HttpLabel = 'route' | 'method' | 'status';

export interface HttpMetrics {
  /** Apps register their own metrics here too; `/metrics` serves this registry. */
  readonly registry: Registry;
  readonly requestsTotal: Counter<HttpLabel>;
  readonly requestDuration: Histogram<HttpLabel>;
}

/** Label for requests that matched no registered route; never the raw URL (bounded cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Buckets around the latency targets (p99 < 25 ms on reads, p50 < 250 ms for trades). */
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A fresh registry (never the global one) with the process's default metrics and the HTTP request metrics. */
export function createHttpMetrics(serviceName: string): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: serviceName });
  collectDefaultMetrics({ register: registry });
  const labelNames: HttpLabel[] = ['route', 'method', 'status'];
  return {
    registry,
    requestsTotal: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route id, method and status.',
      labelNames,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds by route id, method and status.',
      labelNames,
      buckets: durationBuckets,
      registers: [registry],
    }),
  };
}

/** The route id set by the registrar or an infrastructure route, else `unmatched`. */
export function routeIdOf(res: Response): string {
  return typeof res.locals.routeId === 'string' ? res.locals.routeId : UNMATCHED_ROUTE;
}

/** The metric `name` already registered on `registry` (another component of the process made it), else a new one. */
export function registeredMetric<T>(registry: Registry, name: string, create: () => T): T {
  // cast: each metric name is created by one registeredMetric call site only, always of the same type T.
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

export interface RequestObservationOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /** Route ids logged at debug instead of info (probes and scrapes would drown the log). */
  quietRoutes?: ReadonlySet<string>;
}

/**
 * Once each response is done (or the client went away), with one listener: counts and times it by route id, and
 * writes one access line: method, route id, path (no query string), status, duration and request id. Headers and
 * bodies are never logged: they carry API keys, signatures and user data.
 */
export function requestObservationMiddleware(options: RequestObservationOptions): RequestHandler {
  const { metrics, quietRoutes } = options;
  // Access lines are built here from fixed fields that never hold secrets, so they skip the redaction pass that
  // every other log line gets (a measurable cost on the hot path).
  const logger = options.logger.child({}, { redact: { paths: [] } });
  // One labelled child per (route, method, status), resolved once: prom-client otherwise hashes the label set on
  // every inc/observe. Cardinality is bounded by the route table and the status codes we send.
  const series = new Map<string, { count: { inc(): void }; duration: { observe(value: number): void } }>();
  const seriesOf = (route: string, method: string, status: string) => {
    const key = `${route}\n${method}\n${status}`;
    let entry = series.get(key);
    if (!entry) {
      const labels = { route, method, status };
      entry = { count: metrics.requestsTotal.labels(labels), duration: metrics.requestDuration.labels(labels) };
      series.set(key, entry);
    }
    return entry;
  };
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route = routeIdOf(res);
      const elapsedNs = Number(process.hrtime.bigint() - started);
      const { count, duration } = seriesOf(route, req.method, String(res.statusCode));
      count.inc();
      duration.observe(elapsedNs / 1e9);
      const quiet = quietRoutes?.has(route) === true;
      if (!logger.isLevelEnabled(quiet ? 'debug' : 'info')) return;
      const line = {
        requestId: requestIdOf(res),
        method: req.method,
        route,
        path: req.originalUrl.split('?', 1)[0],
        status: res.statusCode,
        durationMs: Math.round(elapsedNs / 1e4) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (quiet) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
