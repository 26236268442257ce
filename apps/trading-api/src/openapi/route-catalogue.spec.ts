import { describe, expect, it } from '@jest/globals';
import type { HttpMethod, RouteRegistrar } from '../../../../shared/src/http/index.js';
import { ROUTE_CATALOGUE } from '../../../../shared/src/kill-switch/index.js';
import { mountDocsRoutes } from '../docs/docs.routes.js';
import { PUBLIC_OPERATIONS } from '../pipeline/v1-router.js';
import { loadOpenApiDocument } from './load-spec.js';
import { listOperations } from './operations.js';

/** The ids createApp registers: the docs routes plus one per keyed OpenAPI operation (what mountV1Operations mounts). */
function registeredRouteIds(): string[] {
  const ids = new Set<string>();
  const record = (method: HttpMethod, path: string): void => {
    ids.add(`${method} ${path}`);
  };
  const recorder: RouteRegistrar = {
    route: record,
    mount: record,
    unknownPath: () => undefined,
    use: () => undefined,
    routeIds: ids,
  };
  const document = loadOpenApiDocument();
  mountDocsRoutes(recorder, document);
  for (const operation of listOperations(document)) {
    // The public operations are served by the docs routes above or are health/ready (never switched off).
    if (!PUBLIC_OPERATIONS.has(operation.operationId)) ids.add(operation.routeId);
  }
  return [...ids];
}

describe('the kill-switch route catalogue (shared/src/kill-switch/route-catalogue.ts)', () => {
  it('lists exactly the route ids the trading API registers', () => {
    expect([...ROUTE_CATALOGUE['trading-api']].sort()).toEqual(registeredRouteIds().sort());
  });
});
