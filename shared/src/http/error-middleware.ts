import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { AppError } from '../errors/app-error.js';
import type { Logger } from '../logger/logger.js';
import { routeNotFoundError, toHttpAppError, type ErrorStyle } from './error-mapping.js';
import { renderProblem, renderPublicError } from './error-renderers.js';
import { routeIdOf } from './http-metrics.js';
import { publicErrorPresentationOf } from './public-error-presentation.js';
import { requestIdOf } from './request-id.middleware.js';

export interface ErrorMiddlewareOptions {
  style: ErrorStyle;
  logger: Logger;
  /** Base of the problem `type` URLs (problem style only). */
  docsBaseUrl: string;
}

/** Final handler for requests no route matched: a 404 in the app's style. */
export function notFoundMiddleware(style: ErrorStyle): RequestHandler {
  return (_req, _res, next) => next(routeNotFoundError(style));
}

/**
 * The one error middleware of an app: maps the error, logs server errors (with cause, never bodies) and renders the
 * error with the pure renderer of the app's style. Responses never carry the thrown message or stack of a 500.
 */
export function errorMiddleware(options: ErrorMiddlewareOptions): ErrorRequestHandler {
  const { style, logger, docsBaseUrl } = options;
  return (error: unknown, req, res, _next) => {
    const appError = toHttpAppError(error, style);
    const requestId = requestIdOf(res);
    logServerError(logger, appError, res);
    if (res.headersSent) {
      // Part of a response is already on the wire: the only honest signal left is to cut the connection.
      res.destroy();
      return;
    }
    const rendered =
      style === 'problem'
        ? renderProblem(appError, { requestId, instance: req.originalUrl.split('?', 1)[0] ?? '', docsBaseUrl })
        : renderPublicError(appError, { requestId, presentation: publicErrorPresentationOf(res) });
    res.status(rendered.status);
    res.set(rendered.headers);
    res.setHeader('Cache-Control', 'no-store');
    res.json(rendered.body);
  };
}

function logServerError(logger: Logger, appError: AppError, res: Response): void {
  if (appError.status < 500 || appError.code === 'ROUTE_DISABLED') return;
  const cause = appError.cause;
  if (appError.code === 'DEPENDENCY_UNAVAILABLE') {
    // An expected transient state (a dependency restarting, a pool timing out): one line, no stack.
    const reason = cause instanceof Error ? cause.message : cause === undefined ? appError.message : String(cause);
    logger.warn(
      { code: appError.code, status: appError.status, route: routeIdOf(res), requestId: requestIdOf(res), reason },
      'dependency unavailable',
    );
    return;
  }
  logger.error(
    {
      err: appError,
      code: appError.code,
      status: appError.status,
      route: routeIdOf(res),
      requestId: requestIdOf(res),
      ...(cause !== undefined && !(cause instanceof Error) ? { thrown: String(cause) } : {}),
    },
    'request failed',
  );
}
