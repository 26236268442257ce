import { errorCatalogue, type ErrorCode } from './error-catalogue.js';

export interface AppErrorOptions {
  /** Sanitised, client-safe explanation. Defaults to the catalogue title. */
  detail?: string;
  /** Extra members rendered under `extensions` (problem+json) — e.g. `{ cap: 'per_trade' }`. */
  extensions?: Record<string, unknown>;
  /** Overrides the catalogue's retry hint for queue consumers. */
  retry?: boolean;
  /** Overrides the catalogue's Retry-After seconds. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * The one error type that domain code throws: a catalogue code, its domain meaning and retry hint, and a client-safe
 * detail. It carries no transport wording: each API's renderer (shared/src/http/error-renderers.ts) owns its labels
 * and shapes.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly retry: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly detail: string;
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const entry = errorCatalogue[code];
    super(options.detail ?? entry.title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.title = entry.title;
    this.retry = options.retry ?? entry.retry;
    this.retryAfterSeconds =
      options.retryAfterSeconds ?? ('retryAfterSeconds' in entry ? entry.retryAfterSeconds : undefined);
    this.detail = options.detail ?? entry.title;
    this.extensions = options.extensions ?? {};
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Wraps anything thrown into an AppError; unknown failures become INTERNAL_ERROR with the original as cause. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  return new AppError('INTERNAL_ERROR', { cause: error });
}
