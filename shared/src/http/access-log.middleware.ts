import type { RequestHandler } from 'express';
import type { Logger } from '../logger/index.js';
import { routeIdOf } from './http-metrics.js';
import { requestIdOf } from './request-id.middleware.js';

export interface AccessLogOptions {
  logger: Logger;
  /** Route ids logged at debug instead of info (probes and scrapes would drown the log). */
  quietRoutes?: ReadonlySet<string>;
}

/**
 * One line per request: method, route id, path (no query string), status, duration and request id. Headers and
 * bodies are never logged: they carry API keys, signatures and user data.
 */
export function accessLogMiddleware(options: AccessLogOptions): RequestHandler {
  const { logger, quietRoutes } = options;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route = routeIdOf(res);
      const line = {
        requestId: requestIdOf(res),
        method: req.method,
        route,
        path: req.originalUrl.split('?', 1)[0],
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (quietRoutes?.has(route)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
