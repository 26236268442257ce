import type { RequestHandler } from 'express';
import type { SocialPostSettings } from '../domain/social-post.js';
import type { RateLimitFamily } from '../http/rate-limit.middleware.js';
import type { ResponseCache } from '../http/response-cache.js';
import type { QuoteDeps } from '../use-cases/get-market-quote.use-case.js';
import type { ReadContext } from '../use-cases/read-context.js';

/** What the route files share: the read context, per-family guards (API key hook + rate limit) and settings. */
export interface RouteDeps {
  context: ReadContext;
  /** The middlewares every route runs first: optional API key, then its family's rate limit. */
  guards(family: RateLimitFamily): RequestHandler[];
  /** Per-replica micro-cache of read responses (see http/response-cache.ts). */
  cache: ResponseCache;
  social: SocialPostSettings;
  quote: QuoteDeps;
}

/** The cache key of a response: the route id, then everything from the request that shapes the body. */
export function cacheKey(routeId: unknown, ...parts: unknown[]): string {
  return `${String(routeId)}|${JSON.stringify(parts)}`;
}
