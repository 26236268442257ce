/*
 * The trading API's rate limits (DESIGN.md §6), express-rate-limit over the contract's algorithms: per user (every
 * key of a user shares one window, sized by the highest rpm among their active keys), X-RateLimit-Reset in epoch
 * seconds, and a refusal counted in request_usage as 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
import { createRateLimitStep, type RateLimitStep } from '#shared/http/rate-limit-step.js';
import { AppError } from '#shared/errors/app-error.js';
import type { Logger } from '#shared/logger/logger.js';
import { limitedKey, PerLimitStore } from './per-limit.store.js';
import { SlidingWindowStore, WINDOW_MS } from './sliding-window.store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { TokenBucketStore } from './token-bucket.store.js';
import type { Redis } from '#shared/redis/create-redis.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { authOf } from '../pipeline/request-context.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';

/** An operation's rate limiter: the admission step, and a read-only report of the caller's window. */
export type OperationLimiter = RateLimitStep;

/** express-rate-limit over one of the algorithms, keyed `<userId>|<user rpm>` (see per-limit.store.ts). */
function perUserLimiter(
  algorithm: RateLimitStore,
  deps: { usage: UsageRecorder; logger: Logger; now: () => number },
): OperationLimiter {
  const { usage, logger, now } = deps;
  return createRateLimitStep({
    store: new PerLimitStore(algorithm),
    windowMs: WINDOW_MS,
    resetUnit: 'seconds',
    logger,
    now,
    subjectOf(_req, res) {
      const { record, userRpm } = authOf(res).key;
      return { key: limitedKey(record.userId, userRpm), limit: userRpm };
    },
    refusal(res, subject, retryAfterSeconds) {
      usage.recordRateLimitRejection(authOf(res).key.record.id);
      return new AppError('RATE_LIMIT_EXCEEDED', {
        detail: `Per-user limit of ${subject.limit} requests per minute exceeded.`,
        retryAfterSeconds,
      });
    },
  });
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
  const step = { usage, logger, now };
  return {
    reads: perUserLimiter(new SlidingWindowStore({ redis, logger, now }), step),
    windowedWrites: perUserLimiter(new SlidingWindowStore({ redis, logger, now, whenRedisDown: 'refuse' }), step),
    bucketedWrites: perUserLimiter(new TokenBucketStore({ redis, now }), step),
  };
}

/** Which of the limiters counts an operation: the token bucket where its description says so, else by method. */
export function limiterKindFor(operation: Pick<OperationDescriptor, 'method' | 'rateLimit'>): keyof RateLimiters {
  if (operation.rateLimit === 'token-bucket') return 'bucketedWrites';
  return operation.method === 'GET' ? 'reads' : 'windowedWrites';
}

/** The limiter of an operation (see limiterKindFor). */
export function rateLimiterFor(
  limiters: RateLimiters,
  operation: Pick<OperationDescriptor, 'method' | 'rateLimit'>,
): OperationLimiter {
  return limiters[limiterKindFor(operation)];
}
