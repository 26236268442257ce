import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { RateLimitAlgorithm } from '../openapi/operations.js';
import { authOf } from '../pipeline/request-context.js';
import { limiterKey } from './limiter-key.js';

interface RateLimitInfo {
  resetTime?: Date;
}

/**
 * One express-rate-limit instance per algorithm, keyed by user (every key of a user shares the window) with the
 * user's limit: the highest rpm among their active keys. Sets X-RateLimit-Limit/Remaining/Reset (epoch seconds);
 * a rejection is counted in request_usage and becomes 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
export function createRateLimiter(store: Store, usage: UsageRecorder, now: () => number = Date.now): RequestHandler {
  return rateLimit({
    store,
    windowMs: 60_000,
    limit: (_req, res) => authOf(res).key.userRpm,
    keyGenerator: (_req, res) => limiterKey(authOf(res).key.record.userId, authOf(res).key.userRpm),
    legacyHeaders: true,
    standardHeaders: false,
    requestPropertyName: 'rateLimit',
    passOnStoreError: false,
    validate: false,
    handler: (req, res, next) => {
      usage.recordRateLimitRejection(authOf(res).key.record.id);
      const info = (req as typeof req & { rateLimit?: RateLimitInfo }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? now() + 1000;
      next(
        new AppError('RATE_LIMIT_EXCEEDED', {
          detail: `Per-user limit of ${authOf(res).key.userRpm} requests per minute exceeded.`,
          retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now()) / 1000)),
        }),
      );
    },
  });
}

export type RateLimiters = Record<RateLimitAlgorithm, RequestHandler>;
