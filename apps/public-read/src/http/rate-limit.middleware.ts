/*
 * Per-IP fixed-window rate limits of the public read API: the threads list has its own limit, every other endpoint
 * the default one, each route its own window per client (its address behind the gateway, an IPv6 client per /64:
 * shared/src/http/client-address.ts). A verified API key (see api-key.ts) is limited per user
 * instead, with the key's own per-minute limit across every /api route. Every limited response carries
 * X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch MILLISECONDS on this API); a 429 is
 * RATE_LIMIT_EXCEEDED with `retryAfter` (whole seconds) and Retry-After. While Redis is unreachable the windows are
 * counted per replica (fail open, still limited). express-rate-limit runs the step; rate-limit-redis counts the
 * windows.
 */
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '#shared/errors/app-error.js';
import { clientAddressOf } from '#shared/http/client-address.js';
import { createRateLimitStep } from '#shared/http/rate-limit-step.js';
import type { Logger } from '#shared/logger/logger.js';
import { FailOpenWindowStore } from '../rate-limit/fail-open-window.store.js';
import { authOf } from './api-key.js';

/** The value of `x-rate-limit` that puts an operation on the threads-list limit (the document says which). */
export const THREADS_LIST_LIMIT = 'threads-list';

export interface RateLimitSettings {
  windowMs: number;
  /** Requests per window per client on GET /api/threads. */
  threadsList: number;
  /** Requests per window per client on every other endpoint (each its own window). */
  default: number;
}

/** Redis key prefix of the windows (after the deployment's REDIS_PREFIX). */
export const RATE_LIMIT_PREFIX = 'rl:public:';

/**
 * The step of every route: its window is chosen by `res.locals.routeId` (set before it runs): the routes of
 * `threadsListRoutes` (the document's operations with `x-rate-limit: threads-list`) on the threads-list limit, every
 * other route (unknown /api paths included) on the default one.
 */
export function createRateLimiter(options: {
  redis: Redis;
  settings: RateLimitSettings;
  threadsListRoutes: ReadonlySet<string>;
  logger: Logger;
}): RequestHandler {
  const { settings } = options;
  const routeLimitOf = (res: Response): number =>
    options.threadsListRoutes.has(String(res.locals.routeId)) ? settings.threadsList : settings.default;
  const store = new FailOpenWindowStore({ redis: options.redis, logger: options.logger, namespace: RATE_LIMIT_PREFIX });
  return createRateLimitStep({
    store,
    windowMs: settings.windowMs,
    resetUnit: 'milliseconds',
    logger: options.logger,
    subjectOf(_req, res) {
      const key = authOf(res).key;
      if (key) return { key: `user:${key.userId}`, limit: key.limitPerMinute };
      // The client behind the gateway: its IPv4 address, or its IPv6 /64.
      const client = clientAddressOf(res).group;
      return { key: `${String(res.locals.routeId)}|ip:${client}`, limit: routeLimitOf(res) };
    },
    refusal: (_res, subject, retryAfterSeconds) =>
      new AppError('RATE_LIMIT_EXCEEDED', {
        detail: `Rate limit of ${subject.limit} requests per ${settings.windowMs / 1000} s exceeded; retry in ${retryAfterSeconds} s.`,
        retryAfterSeconds,
      }),
  }).admit;
}
