import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { Logger } from '../../../../shared/src/logger/index.js';
import type { Redis } from '../../../../shared/src/redis/index.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { authOf } from '../pipeline/request-context.js';
import { limiterKey } from './limiter-key.js';
import { SlidingWindowStore } from './sliding-window.store.js';
import { TokenBucketStore } from './token-bucket.store.js';

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

/** The pipeline's limiters: which one an operation uses follows its `x-rate-limit` and its method. */
export interface RateLimiters {
  /** GET operations: the sliding window; while Redis is down, a per-process window (fail open). */
  reads: RequestHandler;
  /**
   * Other methods on the sliding window (POST /v1/redemptions, POST /v1/auth/api-keys/me/webhook-secret/rotate):
   * the same per-user window as reads; while Redis is down, 503 DEPENDENCY_UNAVAILABLE (fail closed).
   */
  windowedWrites: RequestHandler;
  /** Token-bucket operations (trades, confirm, redeliver): while Redis is down, 503 (fail closed). */
  bucketedWrites: RequestHandler;
}

/** Builds the three limiters over one Redis client; reads and windowed writes share one window per user. */
export function createRateLimiters(deps: {
  redis: Redis;
  logger: Logger;
  usage: UsageRecorder;
  now?: () => number;
}): RateLimiters {
  const { redis, logger, usage, now = Date.now } = deps;
  return {
    reads: createRateLimiter(new SlidingWindowStore({ redis, logger, now }), usage, now),
    windowedWrites: createRateLimiter(
      new SlidingWindowStore({ redis, logger, now, whenRedisDown: 'refuse' }),
      usage,
      now,
    ),
    bucketedWrites: createRateLimiter(new TokenBucketStore({ redis, now }), usage, now),
  };
}

/** The limiter of an operation: the token bucket when the description says so, else the window of its method. */
export function rateLimiterFor(
  limiters: RateLimiters,
  operation: Pick<OperationDescriptor, 'method' | 'rateLimit'>,
): RequestHandler {
  if (operation.rateLimit === 'token-bucket') return limiters.bucketedWrites;
  return operation.method === 'GET' ? limiters.reads : limiters.windowedWrites;
}
