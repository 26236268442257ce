import { describe, expect, it } from '@jest/globals';
import { recordRouteIds } from '#tooling/testing/http-test-kit.js';
import { ROUTE_CATALOGUE } from '#shared/kill-switch/route-catalogue.js';
import { mountEmbedRoutes } from '../embed/embed.routes.js';
import { mountCatalogRoutes } from './catalog.routes.js';
import { mountMarketStreamRoute } from './market-stream.routes.js';
import { mountMarketRoutes } from './markets.routes.js';
import { mountOpenApiRoute } from './openapi.routes.js';
import type { RouteDeps } from './route-deps.js';
import { mountSocialRoutes } from './social.routes.js';
import { mountThreadRoutes } from './threads.routes.js';
import { mountUnknownApiPath } from './unknown-path.routes.js';

/** The ids app.ts registers, from its route modules run against a registrar that only records. */
function registeredRouteIds(): string[] {
  const deps = {} as RouteDeps;
  return recordRouteIds((registrar) => {
    mountThreadRoutes(registrar, deps);
    mountMarketRoutes(registrar, deps);
    mountMarketStreamRoute(registrar, {} as Parameters<typeof mountMarketStreamRoute>[1], deps.input);
    mountSocialRoutes(registrar, deps);
    mountCatalogRoutes(registrar, deps);
    mountOpenApiRoute(registrar, {}, deps.input);
    mountEmbedRoutes(registrar, { db: {} as Parameters<typeof mountEmbedRoutes>[1]['db'] });
    mountUnknownApiPath(registrar);
  });
}

describe('the kill-switch route catalogue (shared/src/kill-switch/route-catalogue.ts)', () => {
  it('lists exactly the route ids the public read API registers', () => {
    expect([...ROUTE_CATALOGUE['public-read']].sort()).toEqual(registeredRouteIds().sort());
  });
});
