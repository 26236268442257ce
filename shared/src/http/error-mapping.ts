import { AppError, isAppError } from '../errors/app-error.js';
import { type ErrorCode } from '../errors/error-catalogue.js';
import { isRetryableError } from '../messaging/error-classification.js';

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
