/*
 * The one rate-limit step of both APIs: express-rate-limit counts each request in the policy's Store (the trading
 * API's sliding window and token bucket, operation-limiters.ts; the public API's fixed windows in rate-limit-redis,
 * fail-open-window.store.ts) under the policy's key and limit. The step writes X-RateLimit-Limit/Remaining/Reset
 * itself on admitted and refused responses alike (the public API's Reset is in epoch milliseconds, which the
 * package's legacy headers cannot say) and refuses with the policy's error, whose Retry-After counts from the
 * app's clock. A store that cannot decide (a fail-closed one while Redis is down) rejects, and that error is the
 * answer.
 */
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { AppError } from '../errors/app-error.js';
import type { Logger } from '../logger/logger.js';

/** X-RateLimit-Reset as epoch seconds (the trading API) or epoch milliseconds (the public read API). */
export type RateLimitResetUnit = 'seconds' | 'milliseconds';

export interface RateLimitSubject {
  /** The store's key: who is counted (a user, or a route and an address), with the limit where the store needs it. */
  key: string;
  /** Requests per window for this subject. */
  limit: number;
}

export interface RateLimitPolicy {
  /** A Store with `get`, so a refusal before the limiter can still report the caller's window. */
  store: Store & Pick<Required<Store>, 'get'>;
  windowMs: number;
  resetUnit: RateLimitResetUnit;
  logger: Logger;
  /** From what earlier steps set (the caller's key, the route id, the address). */
  subjectOf(req: Request, res: Response): RateLimitSubject;
  /** The API's 429, given whole seconds (≥ 1) until a request may pass again. */
  refusal(res: Response, subject: RateLimitSubject, retryAfterSeconds: number): AppError;
  now?: () => number;
}

export interface RateLimitStep {
  /** Counts the request; X-RateLimit-*; the policy's refusal when over the limit. */
  admit: RequestHandler;
  /**
   * Writes X-RateLimit-* from the caller's current window without counting: for a refusal that comes before the
   * limiter but whose caller is known. Never fails: when the window cannot be read the headers are left out.
   */
  reportWindow(res: Response): Promise<void>;
}

/** Where express-rate-limit leaves its verdict on the request. */
const INFO_PROPERTY = 'rateLimit';

function infoOf(req: Request): RateLimitInfo | undefined {
  // cast: express-rate-limit sets req[requestPropertyName] to its RateLimitInfo before it calls next or the handler;
  // it declares no Request augmentation for it.
  return (req as unknown as Record<string, RateLimitInfo | undefined>)[INFO_PROPERTY];
}

function writeRateLimitHeaders(
  res: Response,
  limit: number,
  window: ClientRateLimitInfo,
  resetUnit: RateLimitResetUnit,
): void {
  if (res.headersSent || !window.resetTime) return;
  const resetAtMs = window.resetTime.getTime();
  const reset = resetUnit === 'seconds' ? Math.ceil(resetAtMs / 1000) : resetAtMs;
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - window.totalHits)));
  res.setHeader('X-RateLimit-Reset', String(reset));
}

export function createRateLimitStep(policy: RateLimitPolicy): RateLimitStep {
  const now = policy.now ?? Date.now;
  const writeHeaders = (req: Request, res: Response): void => {
    const info = infoOf(req);
    if (info)
      writeRateLimitHeaders(res, info.limit, { totalHits: info.used, resetTime: info.resetTime }, policy.resetUnit);
  };
  const limiter = rateLimit({
    windowMs: policy.windowMs,
    limit: (req, res) => policy.subjectOf(req, res).limit,
    keyGenerator: (req, res) => policy.subjectOf(req, res).key,
    store: policy.store,
    requestPropertyName: INFO_PROPERTY,
    legacyHeaders: false,
    standardHeaders: false,
    passOnStoreError: false,
    logger: {
      error: (error, message) => policy.logger.error({ err: error }, message ?? 'rate limiter error'),
      warn: (error, message) => policy.logger.warn({ err: error }, message ?? 'rate limiter warning'),
    },
    handler(req, res, next) {
      const resetAtMs = infoOf(req)?.resetTime?.getTime() ?? now();
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - now()) / 1000));
      next(policy.refusal(res, policy.subjectOf(req, res), retryAfterSeconds));
    },
  });
  return {
    admit: (req, res, next) =>
      limiter(req, res, (error?: unknown) => {
        // Admitted or refused (a store failure leaves no verdict, hence no headers).
        writeHeaders(req, res);
        next(error);
      }),
    async reportWindow(res) {
      const subject = policy.subjectOf(res.req, res);
      let window: ClientRateLimitInfo | undefined;
      try {
        window = await policy.store.get(subject.key);
      } catch {
        return;
      }
      if (window) writeRateLimitHeaders(res, subject.limit, window, policy.resetUnit);
    },
  };
}
