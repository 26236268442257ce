import { describe, expect, it } from '@jest/globals';
import type { HttpMethod, RouteRegistrar } from '../../../../shared/src/http/index.js';
import { ROUTE_CATALOGUE } from '../../../../shared/src/kill-switch/index.js';
import { mountCatalogRoutes } from './catalog.routes.js';
import { mountMarketRoutes } from './markets.routes.js';
import { mountOpenApiRoute } from './openapi.routes.js';
import type { RouteDeps } from './route-deps.js';
import { mountSocialRoutes } from './social.routes.js';
import { mountThreadRoutes } from './threads.routes.js';
import { mountUnknownApiPath } from './unknown-path.routes.js';

/** The ids app.ts registers, from its route modules run against a registrar that only records (no handler runs). */
function registeredRouteIds(): string[] {
  const ids = new Set<string>();
  const record = (method: HttpMethod, path: string): void => {
    ids.add(`${method} ${path}`);
  };
  const recorder: RouteRegistrar = {
    route: record,
    mount: record,
    unknownPath: (path) => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) record(method, path);
    },
    use: () => undefined,
    routeIds: ids,
  };
  const deps = {} as RouteDeps;
  mountThreadRoutes(recorder, deps);
  mountMarketRoutes(recorder, deps);
  mountSocialRoutes(recorder, deps);
  mountCatalogRoutes(recorder, deps);
  mountOpenApiRoute(recorder);
  mountUnknownApiPath(recorder);
  return [...ids];
}

describe('the kill-switch route catalogue (shared/src/kill-switch/route-catalogue.ts)', () => {
  it('lists exactly the route ids the public read API registers', () => {
    expect([...ROUTE_CATALOGUE['public-read']].sort()).toEqual(registeredRouteIds().sort());
  });
});
