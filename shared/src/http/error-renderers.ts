/*
 * The two error shapes of the HTTP APIs, rendered from a transport-neutral AppError: each API's labels and members
 * live here, never on the error (the catalogue holds codes and their domain meaning).
 */
import type { AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/error-catalogue.js';

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
