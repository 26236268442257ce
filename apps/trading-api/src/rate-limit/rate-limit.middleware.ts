import type { RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Store } from 'express-rate-limit';
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

/** An operation's rate limiter: the admission step, and a read-only report of the caller's window. */
export interface OperationLimiter {
  /** Counts the request; sets X-RateLimit-*; 429 RATE_LIMIT_EXCEEDED (counted for usage) when over the limit. */
  admit: RequestHandler;
  /**
   * Sets X-RateLimit-* from the caller's current window without counting: for a refusal that comes before the
   * limiter (403 IP_NOT_ALLOWED / INSUFFICIENT_SCOPE) but whose user is known (DESIGN.md §6). Never fails: when the
   * window cannot be read the headers are left out.
   */
  reportWindow(res: Response): Promise<void>;
}

/**
 * One express-rate-limit instance per algorithm, keyed by user (every key of a user shares the window) with the
 * user's limit: the highest rpm among their active keys. Sets X-RateLimit-Limit/Remaining/Reset (epoch seconds);
 * a rejection is counted in request_usage and becomes 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
export function createRateLimiter(
  store: Store & { get(key: string): Promise<ClientRateLimitInfo | undefined> },
  usage: UsageRecorder,
  now: () => number = Date.now,
): OperationLimiter {
  const keyOf = (res: Response): string => limiterKey(authOf(res).key.record.userId, authOf(res).key.userRpm);
  const admit = rateLimit({
    store,
    windowMs: 60_000,
    limit: (_req, res) => authOf(res).key.userRpm,
    keyGenerator: (_req, res) => keyOf(res),
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
  return {
    admit,
    async reportWindow(res) {
      const limit = authOf(res).key.userRpm;
      let info: ClientRateLimitInfo | undefined;
      try {
        info = await store.get(keyOf(res));
      } catch {
        return;
      }
      if (!info || res.headersSent) return;
      res.setHeader('X-RateLimit-Limit', String(limit));
      res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - info.totalHits)));
      if (info.resetTime) res.setHeader('X-RateLimit-Reset', String(Math.ceil(info.resetTime.getTime() / 1000)));
    },
  };
}

/** The pipeline's limiters: which one an operation uses follows its `x-rate-limit` and its method. */
export interface RateLimiters {
  /** GET operations: the sliding window; while Redis is down, a per-process window (fail open). */
  reads: OperationLimiter;
  /**
   * Other methods on the sliding window (POST /v1/redemptions, POST /v1/auth/api-keys/me/webhook-secret/rotate):
   * the same per-user window as reads; while Redis is down, 503 DEPENDENCY_UNAVAILABLE (fail closed).
   */
  windowedWrites: OperationLimiter;
  /** Token-bucket operations (trades, confirm, redeliver): while Redis is down, 503 (fail closed). */
  bucketedWrites: OperationLimiter;
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
): OperationLimiter {
  if (operation.rateLimit === 'token-bucket') return limiters.bucketedWrites;
  return operation.method === 'GET' ? limiters.reads : limiters.windowedWrites;
}
