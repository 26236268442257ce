import type { RequestHandler } from 'express';
import type { Logger } from '../logger/logger.js';
import { routeIdOf, type HttpMetrics } from './http-metrics.js';
import { requestIdOf } from './request-id.middleware.js';

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
