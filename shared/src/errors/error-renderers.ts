import type { AppError } from './app-error.js';

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

/** Public read API shape: `{ error, message, code }`; 429 adds `retryAfter`; some endpoints return `{ error }` only. */
export function renderPublicError(error: AppError, context: Pick<ProblemContext, 'requestId'>): RenderedError {
  const label = error.publicLabel ?? publicLabels[error.status] ?? 'Error';
  const headers = { 'Content-Type': 'application/json; charset=utf-8', ...retryAfterHeader(error) };
  if (error.publicErrorOnly) return { status: error.status, headers, body: { error: label } };
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
