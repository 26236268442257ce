/* What the client throws: the contract's problem body as a typed error, and the client's own two endings. */
import type { components } from './generated/trading-api.js';

/** RFC 7807 problem details as the trading API sends them (`code` is what to branch on). */
export type Problem = components['schemas']['Problem'];

/** A non-2xx answer of the API: its problem body, status, stable code, request id and extensions. */
export class ForetellApiError extends Error {
  override readonly name = 'ForetellApiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly extensions: Record<string, unknown>;
  readonly problem: Problem;
  /** The `Retry-After` of a 429 or 503 the client stopped retrying (ms), when the server sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(problem: Problem, retryAfterMs?: number) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.requestId = problem.requestId;
    this.extensions = problem.extensions ?? {};
    this.retryAfterMs = retryAfterMs;
  }
}

/** `trades.waitFor()` ran out of time; `lastSeen` is the trade as last read. */
export class ForetellTimeoutError extends Error {
  override readonly name = 'ForetellTimeoutError';
  constructor(
    message: string,
    readonly lastSeen: unknown,
  ) {
    super(message);
  }
}

/** The server ended an event stream for good (`event: stream.error`): revoked or expired key, route switched off. */
export class ForetellStreamError extends Error {
  override readonly name = 'ForetellStreamError';
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`event stream ended: ${code}: ${detail}`);
  }
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  return 'code' in body && typeof body.code === 'string' && 'status' in body && typeof body.status === 'number';
}

/** The error for a failed `response` whose body (parsed JSON or text) is `body`. */
export function apiErrorOf(response: Response, body: unknown): ForetellApiError {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const problem: Problem = isProblem(body)
    ? { ...body, requestId: body.requestId ?? requestId }
    : {
        type: 'about:blank',
        title: response.statusText || `HTTP ${response.status}`,
        status: response.status,
        code: response.headers.get('x-service-error-code') ?? `HTTP_${response.status}`,
        ...(typeof body === 'string' && body ? { detail: body.slice(0, 500) } : {}),
        ...(requestId ? { requestId } : {}),
      };
  return new ForetellApiError(problem, parseRetryAfterMs(response.headers.get('retry-after')));
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(value: string | null, nowMs: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * The Idempotency-Key of the create or batch call that threw `error`: send the same trade again with it, and the
 * server replays the first if it was made (never trades twice). Undefined for errors of other calls.
 */
export function idempotencyKeyOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('idempotencyKey' in error)) return undefined;
  return typeof error.idempotencyKey === 'string' ? error.idempotencyKey : undefined;
}

/** A rejection handler that rethrows with `idempotencyKey` attached (read it with idempotencyKeyOf). */
export function withIdempotencyKey(idempotencyKey: string) {
  return (error: unknown): never => {
    if (typeof error === 'object' && error !== null && Object.isExtensible(error)) {
      Object.defineProperty(error, 'idempotencyKey', { value: idempotencyKey, enumerable: false, configurable: true });
    }
    throw error;
  };
}
