import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { AppError, isAppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/error-catalogue.js';
import type { Logger } from '../logger/logger.js';
import { textWithoutSecrets } from '../logger/secret-free-text.js';
import { isRetryableError } from '../messaging/error-classification.js';
import { routeIdOf } from './http-metrics.js';
import { requestIdOf } from './request-id.middleware.js';

/** `problem`: RFC 7807 (trading API, /v1). `public`: `{ error, message, code }` (public read API, /api). */
export type ErrorStyle = 'problem' | 'public';

const validationCodes = { problem: 'VALIDATION_FAILED', public: 'INVALID_REQUEST' } as const satisfies Record<
  ErrorStyle,
  ErrorCode
>;
const notFoundCodes = { problem: 'RESOURCE_NOT_FOUND', public: 'NOT_FOUND' } as const satisfies Record<
  ErrorStyle,
  ErrorCode
>;

/** The shape of errors from body-parser, the router and other http-errors users. */
interface ClientHttpError {
  status: number;
  type?: string;
  limit?: number;
  expose?: boolean;
  message: string;
}

function asClientHttpError(error: unknown): ClientHttpError | undefined {
  if (!(error instanceof Error)) return undefined;
  // cast: only widens to optional members, each checked (status) or passed on as the HTTP error library typed it.
  const candidate = error as Error & Partial<ClientHttpError> & { statusCode?: number };
  const status = candidate.status ?? candidate.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return { ...candidate, status, message: candidate.message };
}

/** 404 for a request that matched no route, in the app's style. */
export function routeNotFoundError(style: ErrorStyle): AppError {
  return new AppError(notFoundCodes[style], { detail: 'No route matches this method and path.' });
}

/**
 * Maps anything a handler or middleware threw to an AppError: AppErrors pass through; client errors raised by
 * express itself (oversize or malformed body, undecodable path) become 413/400/404 in the app's style; a dependency
 * failing transiently (MySQL or Redis down or restarting, a pool timeout: see isRetryableError) is 503
 * DEPENDENCY_UNAVAILABLE with Retry-After, as the contract says; everything else is an INTERNAL_ERROR carrying the
 * original as its cause (logged, never rendered).
 */
export function toHttpAppError(error: unknown, style: ErrorStyle): AppError {
  if (isAppError(error)) return error;
  const clientError = asClientHttpError(error);
  if (!clientError && isRetryableError(error)) {
    return new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'A backing service is unavailable.', cause: error });
  }
  if (!clientError) return new AppError('INTERNAL_ERROR', { cause: error });
  if (clientError.status === 413 || clientError.type === 'entity.too.large') {
    const limit = typeof clientError.limit === 'number' ? ` of ${clientError.limit} bytes` : '';
    return new AppError('PAYLOAD_TOO_LARGE', { detail: `Request body exceeds the limit${limit}.`, cause: error });
  }
  if (clientError.status === 404) return new AppError(notFoundCodes[style], { cause: error });
  if (clientError.type === 'entity.parse.failed') {
    return new AppError(validationCodes[style], { detail: 'Request body is not valid JSON.', cause: error });
  }
  const detail = clientError.expose ? clientError.message : 'The request could not be processed.';
  return new AppError(validationCodes[style], { detail, cause: error });
}

/*
 * The two error shapes of the HTTP APIs, rendered from a transport-neutral AppError: each API's labels and members
 * live here, never on the error (the catalogue holds codes and their domain meaning).
 */

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface ProblemContext {
  requestId: string;
  /** The request path (RFC 7807 `instance`). */
  instance: string;
  /** Base of the per-code documentation pages, e.g. `https://api.example.com/v1/docs`. */
  docsBaseUrl: string;
}

const INTERNAL_DETAIL = 'An unexpected error occurred. Quote the requestId when contacting support.';

/** Trading API shape: RFC 7807 application/problem+json plus `X-Service-Error-Code`. */
export function renderProblem(error: AppError, context: ProblemContext): RenderedError {
  const isInternal = error.status >= 500 && error.code === 'INTERNAL_ERROR';
  const body: Record<string, unknown> = {
    type: `${context.docsBaseUrl.replace(/\/$/, '')}/errors/${error.code}`,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: isInternal ? INTERNAL_DETAIL : error.detail,
    instance: context.instance,
    requestId: context.requestId,
  };
  if (!isInternal && Object.keys(error.extensions).length > 0) body.extensions = error.extensions;
  return {
    status: error.status,
    headers: {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'X-Service-Error-Code': error.code,
      ...retryAfterHeader(error),
    },
    body,
  };
}

const publicLabels: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * How one public endpoint presents some codes, where the contract words them its own way (spec/public-read-api.md):
 * the quote endpoint labels its 400 "ValidationError" and its 404 "NotFoundError"; market detail's 404 carries only
 * `error`.
 */
export interface PublicErrorPresentation {
  /** The `error` label of these codes on this endpoint, instead of the status label ("Bad Request"…). */
  labels?: Partial<Record<ErrorCode, string>>;
  /** Codes this endpoint answers with `{ error }` alone. */
  labelOnly?: readonly ErrorCode[];
}

export interface PublicErrorContext {
  requestId: string;
  presentation?: PublicErrorPresentation | undefined;
}

/** Public read API shape: `{ error, message, code }`; 429 adds `retryAfter`; some endpoints return `{ error }` only. */
export function renderPublicError(error: AppError, context: PublicErrorContext): RenderedError {
  const { presentation } = context;
  const label = presentation?.labels?.[error.code] ?? publicLabels[error.status] ?? 'Error';
  const headers = { 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(error) };
  if (presentation?.labelOnly?.includes(error.code)) return { status: error.status, headers, body: { error: label } };
  const isInternal = error.code === 'INTERNAL_ERROR';
  const body: Record<string, unknown> = {
    error: label,
    message: isInternal ? INTERNAL_DETAIL : error.detail,
    code: error.code,
  };
  if (isInternal) body.requestId = context.requestId;
  // Operational extensions (e.g. the kill switch's `route`) help clients; never on internal errors.
  else if (Object.keys(error.extensions).length > 0) body.extensions = error.extensions;
  if (error.retryAfterSeconds !== undefined && error.status === 429) body.retryAfter = error.retryAfterSeconds;
  return { status: error.status, headers, body };
}

function retryAfterHeader(error: AppError): Record<string, string> {
  return error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
}

/*
 * A public route states how it presents some error codes (its PublicErrorPresentation) before it does its work; the
 * error middleware renders whatever the route then throws with it. Kept on the response, so the error itself stays
 * transport-neutral and a use case never knows which endpoint called it.
 */

const PRESENTATION = 'publicErrorPresentation';

/** Renders the errors of the rest of this request with `presentation` (public style only). */
export function presentPublicErrors(res: Response, presentation: PublicErrorPresentation): void {
  res.locals[PRESENTATION] = presentation;
}

/** The presentation the route set, if any. */
export function publicErrorPresentationOf(res: Response): PublicErrorPresentation | undefined {
  const presentation: PublicErrorPresentation | undefined = res.locals[PRESENTATION];
  return presentation;
}

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
    const said = cause instanceof Error ? cause.message : cause === undefined ? appError.message : String(cause);
    const reason = textWithoutSecrets(said);
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
