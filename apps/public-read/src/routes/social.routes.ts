import type { RouteRegistrar } from '#shared/http/route-registrar.js';
import type { ParameterPrecedence } from '../http/request-input.js';
import { getMarketSocialLink } from '../use-cases/get-market-social-link.use-case.js';
import { cacheKey, type RouteDeps } from './route-deps.js';

/** A missing or unknown `side` is 400 INVALID_SIDE, answered before any other parameter is looked at. */
const sideFirst: ParameterPrecedence = {
  name: 'side',
  code: 'INVALID_SIDE',
  problem: (given) => (given === undefined ? '"side" is required' : '"side" must be one of yes, no (given once)'),
};

/** GET /api/markets/{id}/social-link: `side` is checked first (400 INVALID_SIDE), then the rest (400 INVALID_REQUEST). */
export function mountSocialRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  router.route('GET', '/api/markets/:id/social-link', async (req, res) => {
    const { params, query } = deps.input.read('getMarketSocialLink', req, sideFirst);
    const { id } = params;
    const { side, amount } = query;
    await deps.cache.send(res, cacheKey(res.locals.routeId, id, side, amount), () =>
      getMarketSocialLink({ ...deps.context, social: deps.social }, id, { side, amount }),
    );
  });
}
