/*
 * Per-IP fixed-window rate limits (express-rate-limit + rate-limit-redis): the threads list has its own limit, every
 * other endpoint the default one, each route its own window per client. A verified API key (see api-key.ts) is limited
 * per user instead, with the key's own per-minute limit across every /api route. Every limited response carries
 * X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch MILLISECONDS on this API); a 429 is
 * RATE_LIMIT_EXCEEDED with `retryAfter` (whole seconds) and Retry-After.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { Logger } from '../../../../shared/src/logger/index.js';
import { authOf } from './api-key.js';
import { RedisWithLocalFallbackStore } from './rate-limit-store.js';

/** The one route on the threads-list limit; every other route (unknown /api paths included) has the default one. */
export const THREADS_LIST_ROUTE_ID = 'GET /api/threads';

export interface RateLimitSettings {
  windowMs: number;
  /** Requests per window per client on GET /api/threads. */
  threadsList: number;
  /** Requests per window per client on every other endpoint (each its own window). */
  default: number;
}

/** Redis key prefix of the windows (after the deployment's REDIS_PREFIX). */
export const RATE_LIMIT_PREFIX = 'rl:public:';

const routeLimitOf = (res: Response, settings: RateLimitSettings): number =>
  res.locals.routeId === THREADS_LIST_ROUTE_ID ? settings.threadsList : settings.default;

function setRateLimitHeaders(res: Response, info: RateLimitInfo | undefined, windowMs: number): void {
  if (!info) return;
  const reset = info.resetTime ? info.resetTime.getTime() : Date.now() + windowMs;
  res.setHeader('X-RateLimit-Limit', String(info.limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, info.remaining)));
  res.setHeader('X-RateLimit-Reset', String(reset));
}

const infoOf = (req: Request): RateLimitInfo | undefined => (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;

export interface RateLimiter {
  /** The middleware of every route: its window is chosen by `res.locals.routeId` (set before it runs). */
  middleware: RequestHandler;
  store: RedisWithLocalFallbackStore;
}

export function createRateLimiter(options: { redis: Redis; settings: RateLimitSettings; logger: Logger }): RateLimiter {
  const { settings, logger } = options;
  const store = new RedisWithLocalFallbackStore(options.redis, RATE_LIMIT_PREFIX, logger);
  const limiter = rateLimit({
    windowMs: settings.windowMs,
    limit: (_req, res) => authOf(res).key?.limitPerMinute ?? routeLimitOf(res, settings),
    standardHeaders: false,
    legacyHeaders: false,
    store,
    keyGenerator: (req, res) => {
      const key = authOf(res).key;
      if (key) return `user:${key.userId}`;
      return `${String(res.locals.routeId)}|ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
    },
    handler: (req, res, next) => {
      const info = infoOf(req);
      setRateLimitHeaders(res, info, settings.windowMs);
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + settings.windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      next(
        new AppError('RATE_LIMIT_EXCEEDED', {
          detail: `Rate limit of ${info?.limit ?? ''} requests per ${settings.windowMs / 1000} s exceeded; retry in ${retryAfterSeconds} s.`,
          retryAfterSeconds,
        }),
      );
    },
    // express-rate-limit's validations are developer-time checks run on requests; this configuration is fixed and
    // tested (TRUST_PROXY is a deliberate deployment setting; X-Forwarded-For is ignored unless it names the proxies).
    validate: false,
    logger: {
      warn: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter'),
      error: (error, message) => logger.error({ err: error }, message ?? 'rate limiter'),
    },
  });
  return {
    store,
    middleware(req: Request, res: Response, next: NextFunction) {
      void limiter(req, res, (error?: unknown) => {
        if (error === undefined) setRateLimitHeaders(res, infoOf(req), settings.windowMs);
        next(error);
      });
    },
  };
}
