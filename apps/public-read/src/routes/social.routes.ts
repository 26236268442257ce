import type { RouteRegistrar } from '#shared/http/index.js';
import { invalidQuery, parseQuery } from '../http/query-params.js';
import { marketSocialLinkQuerySchema, socialSideSchema, type SocialSide } from '../schemas/social-queries.schema.js';
import { getMarketSocialLink } from '../use-cases/get-market-social-link.use-case.js';
import { cacheKey, type RouteDeps } from './route-deps.js';

/** GET /api/markets/{id}/social-link: `side` is checked first (400 INVALID_SIDE), then the rest (400 INVALID_REQUEST). */
export function mountSocialRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  router.route('GET', '/api/markets/:id/social-link', async (req, res) => {
    const sideResult = socialSideSchema.safeParse(req.query);
    if (!sideResult.success) {
      const given = req.query.side;
      const problem = given === undefined ? '"side" is required' : '"side" must be one of yes, no (given once)';
      throw invalidQuery([problem], { code: 'INVALID_SIDE' });
    }
    const side: SocialSide = sideResult.data.side;
    const { amount } = parseQuery(marketSocialLinkQuerySchema, req.query);
    const { id } = req.params;
    await deps.cache.send(res, cacheKey(res.locals.routeId, id, side, amount), () =>
      getMarketSocialLink({ ...deps.context, social: deps.social }, id, { side, amount }),
    );
  });
}
