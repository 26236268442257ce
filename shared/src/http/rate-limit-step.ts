/*
 * The one rate-limit step of both APIs: a policy says who is counted against which limit, in which store (sliding
 * window, token bucket, fixed window; see shared/src/rate-limit) and how the API words its 429; the step counts,
 * writes X-RateLimit-Limit/Remaining/Reset on admitted and refused responses alike, and refuses with the policy's
 * error. A store that cannot decide (a fail-closed one while Redis is down) rejects, and that error is the answer.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AppError } from '../errors/index.js';
import type { RateLimitStore, RateLimitWindow } from '../rate-limit/rate-limit-store.js';

/** X-RateLimit-Reset as epoch seconds (the trading API) or epoch milliseconds (the public read API). */
export type RateLimitResetUnit = 'seconds' | 'milliseconds';

export interface RateLimitSubject {
  /** Who is counted: a user, or a route and an address. */
  key: string;
  /** Requests per window for this subject. */
  limit: number;
}

export interface RateLimitPolicy {
  store: RateLimitStore;
  resetUnit: RateLimitResetUnit;
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

export function writeRateLimitHeaders(
  res: Response,
  limit: number,
  window: RateLimitWindow,
  resetUnit: RateLimitResetUnit,
): void {
  if (res.headersSent) return;
  const reset = resetUnit === 'seconds' ? Math.ceil(window.resetAtMs / 1000) : window.resetAtMs;
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - window.totalHits)));
  res.setHeader('X-RateLimit-Reset', String(reset));
}

export function createRateLimitStep(policy: RateLimitPolicy): RateLimitStep {
  const now = policy.now ?? Date.now;
  return {
    admit: (req, res, next) => {
      const subject = policy.subjectOf(req, res);
      return policy.store.hit(subject.key, subject.limit).then((count) => {
        writeRateLimitHeaders(res, subject.limit, count, policy.resetUnit);
        if (count.admitted) return next();
        const retryAfterSeconds = Math.max(1, Math.ceil((count.resetAtMs - now()) / 1000));
        next(policy.refusal(res, subject, retryAfterSeconds));
      });
    },
    async reportWindow(res) {
      const subject = policy.subjectOf(res.req, res);
      let window: RateLimitWindow;
      try {
        window = await policy.store.peek(subject.key, subject.limit);
      } catch {
        return;
      }
      writeRateLimitHeaders(res, subject.limit, window, policy.resetUnit);
    },
  };
}
