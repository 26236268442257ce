import type { RouteRegistrar } from '#shared/http/route-registrar.js';
import { presentOrganization, presentPartner } from '../presenters/catalog-responses.presenter.js';
import { presentOrganizationMarkets } from '../presenters/market-responses.presenter.js';
import { presentThreadList } from '../presenters/thread-responses.presenter.js';
import { getOrganization, getPartner } from '../use-cases/get-catalog-entry.use-case.js';
import { listOwnerThreads } from '../use-cases/list-catalog-threads.use-case.js';
import { listOrganizationMarkets } from '../use-cases/list-organization-markets.use-case.js';
import { cacheKey, readFacts, type RouteDeps } from './route-deps.js';

/** Organizations and partners: branding metadata, their markets and their threads. */
export function mountCatalogRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  const { context, cache, input } = deps;

  router.route('GET', '/api/organizations/:id', async (req, res) => {
    const { id } = input.read('getOrganization', req).params;
    await cache.send(res, cacheKey(res.locals.routeId, id), async () =>
      presentOrganization(await getOrganization(context, id), context.now()),
    );
  });

  router.route('GET', '/api/organizations/:id/markets', async (req, res) => {
    const { params, query } = input.read('listOrganizationMarkets', req);
    const { id } = params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), async () =>
      presentOrganizationMarkets(await listOrganizationMarkets(context, id, query), id, context.now()),
    );
  });

  router.route('GET', '/api/organizations/:id/threads', async (req, res) => {
    const { params, query } = input.read('listOrganizationThreads', req);
    const { id } = params;
    const owner = { organizationId: id };
    await cache.send(res, cacheKey(res.locals.routeId, id, query), async () =>
      presentThreadList(await listOwnerThreads(context, owner, query), readFacts(res, context), owner),
    );
  });

  router.route('GET', '/api/partners/:id', async (req, res) => {
    const { id } = input.read('getPartner', req).params;
    await cache.send(res, cacheKey(res.locals.routeId, id), async () =>
      presentPartner(await getPartner(context, id), context.now()),
    );
  });

  router.route('GET', '/api/partners/:id/threads', async (req, res) => {
    const { params, query } = input.read('listPartnerThreads', req);
    const { id } = params;
    const owner = { partnerId: id };
    await cache.send(res, cacheKey(res.locals.routeId, id, query), async () =>
      presentThreadList(await listOwnerThreads(context, owner, query), readFacts(res, context), owner),
    );
  });
}
