/*
 * The trading API's rate limits (DESIGN.md §6): per user (every key of a user shares one window, sized by the highest
 * rpm among their active keys), X-RateLimit-Reset in epoch seconds, and a refusal counted in request_usage as
 * 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
import { createRateLimitStep, type RateLimitStep } from '#shared/http/rate-limit-step.js';
import { AppError } from '#shared/errors/index.js';
import type { Logger } from '#shared/logger/index.js';
import { SlidingWindowStore } from '#shared/rate-limit/sliding-window.store.js';
import type { RateLimitStore } from '#shared/rate-limit/rate-limit-store.js';
import { TokenBucketStore } from '#shared/rate-limit/token-bucket.store.js';
import type { Redis } from '#shared/redis/index.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { authOf } from '../pipeline/request-context.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';

/** An operation's rate limiter: the admission step, and a read-only report of the caller's window. */
export type OperationLimiter = RateLimitStep;

function perUserLimiter(store: RateLimitStore, usage: UsageRecorder, now: () => number): OperationLimiter {
  return createRateLimitStep({
    store,
    resetUnit: 'seconds',
    now,
    subjectOf: (_req, res) => ({ key: authOf(res).key.record.userId, limit: authOf(res).key.userRpm }),
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
  return {
    reads: perUserLimiter(new SlidingWindowStore({ redis, logger, now }), usage, now),
    windowedWrites: perUserLimiter(new SlidingWindowStore({ redis, logger, now, whenRedisDown: 'refuse' }), usage, now),
    bucketedWrites: perUserLimiter(new TokenBucketStore({ redis, now }), usage, now),
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
