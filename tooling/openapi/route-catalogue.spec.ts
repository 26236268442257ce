/* Drift check: the committed kill-switch catalogue lists exactly the route ids each HTTP app registers. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ROUTE_CATALOGUE_PATH, routeCatalogueSource } from '#tooling/openapi/route-catalogue.js';

describe('the kill-switch route catalogue (shared/src/kill-switch/route-catalogue.generated.ts)', () => {
  it('lists exactly the route ids the trading API and the public read API register (npm run generate:contract-types)', async () => {
    expect(await routeCatalogueSource()).toBe(readFileSync(ROUTE_CATALOGUE_PATH, 'utf8'));
  });
});
