import { presentPublicErrors } from '#shared/http/public-error-presentation.js';
import { type PublicErrorPresentation } from '#shared/http/error-renderers.js';
import { type RouteRegistrar } from '#shared/http/route-registrar.js';
import { writeJson } from '#shared/http/write-json.js';
import {
  presentFeaturedMarkets,
  presentMarketDetail,
  presentMarketList,
  presentTrendingMarkets,
} from '../presenters/market-responses.presenter.js';
import { getMarketDetail } from '../use-cases/get-market-detail.use-case.js';
import { getMarketQuote } from '../use-cases/get-market-quote.use-case.js';
import { listFeaturedMarkets } from '../use-cases/list-featured-markets.use-case.js';
import { listMarkets } from '../use-cases/list-markets.use-case.js';
import { listTrendingMarkets } from '../use-cases/list-trending-markets.use-case.js';
import { cacheKey, type RouteDeps } from './route-deps.js';

/** spec/public-read-api.md: market detail's 404 carries only `error`. */
const marketDetailErrors: PublicErrorPresentation = { labelOnly: ['NOT_FOUND'] };
/** spec/public-read-api.md: the quote endpoint labels its errors ValidationError and NotFoundError. */
const quoteErrors: PublicErrorPresentation = {
  labels: { INVALID_REQUEST: 'ValidationError', MARKET_NOT_FOUND: 'NotFoundError' },
};

/** Market routes; the fixed paths (trending, featured) are registered before `/api/markets/:id`. */
export function mountMarketRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  const { context, cache, input } = deps;

  router.route('GET', '/api/markets', async (req, res) => {
    // `thread_id` is an alias of `threadId` (query-refinements.ts checks that both agree).
    const { thread_id: alias, ...listed } = input.read('listMarkets', req).query;
    const query = { ...listed, threadId: listed.threadId ?? alias };
    await cache.send(res, cacheKey(res.locals.routeId, query), async () =>
      presentMarketList(await listMarkets(context, query)),
    );
  });

  router.route('GET', '/api/markets/trending', async (req, res) => {
    const { query } = input.read('listTrendingMarkets', req);
    await cache.send(res, cacheKey(res.locals.routeId, query), async () =>
      presentTrendingMarkets(await listTrendingMarkets(context, query), query.timeframe),
    );
  });

  router.route('GET', '/api/markets/featured', async (req, res) => {
    input.read('listFeaturedMarkets', req);
    await cache.send(res, cacheKey(res.locals.routeId), async () =>
      presentFeaturedMarkets(await listFeaturedMarkets(context)),
    );
  });

  router.route('GET', '/api/markets/:id', async (req, res) => {
    presentPublicErrors(res, marketDetailErrors);
    const { params, query } = input.read('getMarket', req);
    const { id } = params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), async () =>
      presentMarketDetail(await getMarketDetail(context, id, query), context.now()),
    );
  });

  router.route('GET', '/api/markets/:id/quote', async (req, res) => {
    presentPublicErrors(res, quoteErrors);
    const { params, query } = input.read('getMarketQuote', req);
    const result = await getMarketQuote(deps.quote, params.id, { ...query, amount: BigInt(query.amount) });
    res.setHeader('Cache-Control', `public, max-age=${result.maxAgeSeconds}`);
    writeJson(res, result.json);
  });
}
