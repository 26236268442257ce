import type { RouteRegistrar } from '../../../../shared/src/http/index.js';
import { authOf } from '../http/api-key.js';
import { parseQuery } from '../http/query-params.js';
import { organizationMarketsQuerySchema } from '../schemas/market-queries.schema.js';
import { noQuerySchema, threadListQuerySchema } from '../schemas/thread-queries.schema.js';
import { getOrganization, getPartner } from '../use-cases/get-catalog-entry.use-case.js';
import { listOwnerThreads } from '../use-cases/list-catalog-threads.use-case.js';
import { listOrganizationMarkets } from '../use-cases/list-organization-markets.use-case.js';
import { cacheKey, type RouteDeps } from './route-deps.js';

/** Organizations and partners: branding metadata, their markets and their threads. */
export function mountCatalogRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  const { context, cache } = deps;

  router.route('GET', '/api/organizations/:id', async (req, res) => {
    parseQuery(noQuerySchema, req.query);
    const { id } = req.params;
    await cache.send(res, cacheKey(res.locals.routeId, id), () => getOrganization(context, id));
  });

  router.route('GET', '/api/organizations/:id/markets', async (req, res) => {
    const query = parseQuery(organizationMarketsQuerySchema, req.query);
    const { id } = req.params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), () => listOrganizationMarkets(context, id, query));
  });

  router.route('GET', '/api/organizations/:id/threads', async (req, res) => {
    const query = parseQuery(threadListQuerySchema, req.query);
    const { id } = req.params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), () =>
      listOwnerThreads(context, { organizationId: id }, query, authOf(res)),
    );
  });

  router.route('GET', '/api/partners/:id', async (req, res) => {
    parseQuery(noQuerySchema, req.query);
    const { id } = req.params;
    await cache.send(res, cacheKey(res.locals.routeId, id), () => getPartner(context, id));
  });

  router.route('GET', '/api/partners/:id/threads', async (req, res) => {
    const query = parseQuery(threadListQuerySchema, req.query);
    const { id } = req.params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), () =>
      listOwnerThreads(context, { partnerId: id }, query, authOf(res)),
    );
  });
}
