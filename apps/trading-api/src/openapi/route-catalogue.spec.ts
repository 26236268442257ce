import { describe, expect, it } from '@jest/globals';
import { recordRouteIds } from '#tooling/testing/http-test-kit.js';
import { ROUTE_CATALOGUE } from '#shared/kill-switch/route-catalogue.js';
import { mountDocsRoutes } from '../docs/docs.routes.js';
import { PUBLIC_OPERATIONS } from '../pipeline/v1-router.js';
import { loadOpenApiDocument } from './load-spec.js';
import { listOperations } from './operations.js';

/** The ids createApp registers: the docs routes plus one per keyed OpenAPI operation (what mountV1Operations mounts). */
function registeredRouteIds(): string[] {
  const document = loadOpenApiDocument();
  const keyed = listOperations(document)
    // The public operations are served by the docs routes or are health/ready (never switched off).
    .filter((operation) => !PUBLIC_OPERATIONS.has(operation.operationId))
    .map((operation) => operation.routeId);
  return [...new Set([...recordRouteIds((registrar) => mountDocsRoutes(registrar, document)), ...keyed])];
}

describe('the kill-switch route catalogue (shared/src/kill-switch/route-catalogue.ts)', () => {
  it('lists exactly the route ids the trading API registers', () => {
    expect([...ROUTE_CATALOGUE['trading-api']].sort()).toEqual(registeredRouteIds().sort());
  });
});
