import { routeNotFoundError } from '#shared/http/error-middleware.js';
import { type RouteRegistrar } from '#shared/http/route-registrar.js';

/** Route id of any /api path no endpoint matches (its own rate-limit window per client). */
export const UNKNOWN_API_PATH = '/api/*';

/**
 * Any other /api path and method: 404 NOT_FOUND in the public style, answered as a route so that it goes through
 * the same admission (API key, rate limit) and carries X-RateLimit-* like every other /api response; a body is
 * never read. Registered
 * last; find-my-way prefers every static or parameter route over this wildcard.
 */
export function mountUnknownApiPath(router: RouteRegistrar): void {
  router.unknownPath(UNKNOWN_API_PATH, () => {
    throw routeNotFoundError('public');
  });
}
