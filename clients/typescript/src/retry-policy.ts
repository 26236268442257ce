/*
 * When and how long the client waits before trying a request again. Only answers that say "not processed, try
 * later" (429 RATE_LIMIT_EXCEEDED; 503, and a gateway's 502 or 504, for a request that may be sent twice) and network
 * failures are retried, a bounded number of times, with capped exponential backoff and full jitter; a `Retry-After`
 * is honoured with up to 10 % (at most 1 s) more, so clients refused together do not come back together, and one
 * longer than `maxDelayMs` ends the retries.
 */
import { parseRetryAfterMs } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  maxAttempts: number;
  /** Backoff base: attempt n waits a random time up to `initialDelayMs * 2^(n-1)` (default 200 ms). */
  initialDelayMs: number;
  /** Cap of one wait, backoff or Retry-After (default 10 s). A longer Retry-After surfaces the error instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = { maxAttempts: 4, initialDelayMs: 200, maxDelayMs: 10_000 };

/**
 * Statuses worth another attempt: 429 and 503 mean the server did not act; a gateway's 502 or 504 may come after it
 * did, so those go again only with the same Idempotency-Key (the server replays) or for a read.
 */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Whether a request may be sent twice: safe methods, and writes carrying an Idempotency-Key (the server replays
 * them). Other writes (confirm, redeliver, rotate) act on every call.
 */
export function isRepeatable(method: string, headers: Headers): boolean {
  return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) || headers.has('idempotency-key');
}

/** The one 429 that passes with time; other 429s (AUTH_LOCKED_OUT, WEBHOOK_REPLAY_LIMIT_REACHED) do not. */
export const RATE_LIMIT_CODE = 'RATE_LIMIT_EXCEEDED';

/**
 * Whether an answer is worth another attempt: a 429 whose error code (`X-Service-Error-Code`) is
 * RATE_LIMIT_EXCEEDED (refused before any work); 502, 503 and 504 only for a repeatable request (a write without
 * an idempotency key might have been done).
 */
export function isRetryableStatus(status: number, repeatable: boolean, errorCode: string | null): boolean {
  if (!RETRYABLE_STATUSES.has(status)) return false;
  return status === 429 ? errorCode === RATE_LIMIT_CODE : repeatable;
}

/** The backoff before attempt `attempt + 1` after a network failure or an answer without Retry-After. */
export function backoffDelayMs(attempt: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** The wait before retrying an answer (ms), or null when it must not be retried (no attempt left, too long). */
export function delayBeforeRetryMs(
  attempt: number,
  retryAfter: string | null,
  options: RetryOptions,
  random: () => number = Math.random,
): number | null {
  if (attempt >= options.maxAttempts) return null;
  const told = parseRetryAfterMs(retryAfter);
  if (told === undefined) return backoffDelayMs(attempt, options, random);
  return told > options.maxDelayMs ? null : withJitter(told, random);
}

/** A wait the server asked for, plus up to 10 % of it (at most 1 s) at random. */
export function withJitter(toldMs: number, random: () => number = Math.random): number {
  return toldMs + Math.round(random() * Math.min(1_000, toldMs / 10));
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
