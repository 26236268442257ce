import type { Response } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
