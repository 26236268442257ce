import type { Response } from 'express';
import type { SocialPostSettings } from '../domain/social-post.js';
import { authOf } from '../http/api-key.js';
import type { PublicRequestInput } from '../http/request-input.js';
import type { ResponseCache } from '../http/response-cache.js';
import type { QuoteDeps } from '../use-cases/get-market-quote.use-case.js';
import type { ReadFacts } from '../presenters/read-facts.presenter.js';
import type { ReadContext } from '../use-cases/read-context.js';

/**
 * What the route files share: the read context, the response cache and settings. The optional API key and the rate
 * limit run before every route as the edge steps every route declares by default (app.ts), ahead of the kill switch.
 */
export interface RouteDeps {
  context: ReadContext;
  /** Each route's validated, typed input (the OpenAPI document through the shared validator). */
  input: PublicRequestInput;
  /** Per-replica micro-cache of read responses (see http/response-cache.ts). */
  cache: ResponseCache;
  social: SocialPostSettings;
  quote: QuoteDeps;
}

/** The cache key of a response: the route id, then everything from the request that shapes the body. */
export function cacheKey(routeId: unknown, ...parts: unknown[]): string {
  return `${String(routeId)}|${JSON.stringify(parts)}`;
}

/** What `_meta` says about this request: whether its API key was verified, and when it was answered. */
export function readFacts(res: Response, context: Pick<ReadContext, 'now'>): ReadFacts {
  return { authenticated: authOf(res).authenticated, requestedAt: context.now() };
}
