/*
 * The trading API's rate limits (DESIGN.md §6), express-rate-limit over the contract's algorithms: per user (every
 * key of a user shares one window, sized by the highest rpm among their active keys), X-RateLimit-Reset in epoch
 * seconds, and a refusal counted in request_usage as 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
import { createRateLimitStep, type RateLimitStep } from '#shared/http/rate-limit-step.js';
import { AppError } from '#shared/errors/app-error.js';
import type { Logger } from '#shared/logger/logger.js';
import { SlidingWindowStore, WINDOW_MS } from './sliding-window.store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { TokenBucketStore } from './token-bucket.store.js';
import type { Redis } from '#shared/redis/create-redis.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { authOf, operationOf } from '../pipeline/operation-handler.js';
import { rawBodyOf } from '#shared/http/request-input.js';
import { MAX_BATCH_TRADES } from '../use-cases/create-trade-batch.use-case.js';
import type { Response } from 'express';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';

/** An operation's rate limiter: the admission step, and a read-only report of the caller's window. */
export type OperationLimiter = RateLimitStep;

/** express-rate-limit over one of the algorithms, keyed `<userId>|<user rpm>` (PerLimitStore below). */
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
      return { key: limitedKey(record.userId, userRpm, requestCostOf(res)), limit: userRpm };
    },
    refusal(res, subject, retryAfterSeconds) {
      const cost = requestCostOf(res);
      // A batch the bucket can never hold (it holds the user's rpm in tokens): no wait admits it, so it is a 400.
      if (cost > subject.limit) {
        return new AppError('VALIDATION_FAILED', {
          detail:
            `A batch of ${cost} trades draws ${cost} tokens at once, more than this user's write limit ever holds ` +
            `(${subject.limit}); send at most ${subject.limit} trades per batch.`,
          extensions: { field: 'trades', location: 'body', maxItems: subject.limit },
        });
      }
      usage.recordRateLimitRejection(authOf(res).key.record.id);
      const batch = cost > 1 ? ` A batch of ${cost} trades draws ${cost} tokens, all or none.` : '';
      return new AppError('RATE_LIMIT_EXCEEDED', {
        detail: `Per-user limit of ${subject.limit} requests per minute exceeded.${batch}`,
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

/*
 * An express-rate-limit `Store` over one of the contract's algorithms (the sliding window, the token bucket): the
 * algorithm needs the caller's limit, which a Store's `increment(key)` does not get, so the key carries it as
 * `<subject>|<limit>` (decision 0011); the algorithm's Redis key names only the subject, so a changed limit keeps
 * the window. A refused request reports `limit + 1` hits and the earliest admission as `resetTime`.
 */
/** The key express-rate-limit hands the store for `subject` under `limit`, drawing `cost` tokens (`*cost`, when > 1). */
export function limitedKey(subject: string, limit: number, cost = 1): string {
  return cost > 1 ? `${subject}|${limit}*${cost}` : `${subject}|${limit}`;
}

function parseLimitedKey(key: string): { subject: string; limit: number; cost: number } {
  const bar = key.lastIndexOf('|');
  const [limitText, costText = '1'] = key.slice(bar + 1).split('*');
  const limit = Number(limitText);
  const cost = Number(costText);
  if (bar < 0 || !Number.isInteger(limit) || limit < 1 || !Number.isInteger(cost) || cost < 1) {
    throw new Error(`rate-limit key without a limit: ${key}`);
  }
  return { subject: key.slice(0, bar), limit, cost };
}

const costs = new WeakMap<Response, number>();

/**
 * The tokens the request draws: one, or for an operation with `x-rate-limit-cost` the item count of that body member
 * (one to the batch's most; a body that is not JSON costs one, and validation refuses it, as it refuses a batch
 * over its most). Read once per request.
 */
function requestCostOf(res: Response): number {
  const member = operationOf(res).rateLimitCost;
  if (member === null) return 1;
  const known = costs.get(res);
  if (known !== undefined) return known;
  let items: unknown;
  try {
    const body: unknown = JSON.parse(rawBodyOf(res).toString('utf8'));
    items = typeof body === 'object' && body !== null ? Reflect.get(body, member) : undefined;
  } catch {
    items = undefined;
  }
  const cost = Array.isArray(items) ? Math.min(MAX_BATCH_TRADES, Math.max(1, items.length)) : 1;
  costs.set(res, cost);
  return cost;
}

export class PerLimitStore implements Store {
  constructor(private readonly algorithm: RateLimitStore) {}

  async increment(key: string): Promise<IncrementResponse> {
    const { subject, limit, cost } = parseLimitedKey(key);
    const count = await this.algorithm.hit(subject, limit, cost);
    return { totalHits: count.totalHits, resetTime: new Date(count.resetAtMs) };
  }

  /** The window as it stands, uncounted; rejects when it cannot be read. */
  async get(key: string): Promise<ClientRateLimitInfo> {
    const { subject, limit } = parseLimitedKey(key);
    const window = await this.algorithm.peek(subject, limit);
    return { totalHits: window.totalHits, resetTime: new Date(window.resetAtMs) };
  }

  /** Only called for skipFailedRequests/skipSuccessfulRequests, which no limiter uses: every request counts. */
  decrement(): void {}

  async resetKey(key: string): Promise<void> {
    await this.algorithm.reset(parseLimitedKey(key).subject);
  }
}
