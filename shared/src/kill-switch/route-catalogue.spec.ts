import { describe, expect, it } from '@jest/globals';
import { httpDeployables, ROUTE_CATALOGUE, unknownRouteIds } from './route-catalogue.js';

describe('route catalogue', () => {
  it('knows every registered id and the all-routes switch', () => {
    expect(unknownRouteIds(['POST /v1/trades', 'GET /api/markets/:id/quote', '*'])).toEqual([]);
  });

  it('reports ids no deployable registers, keeping their order', () => {
    expect(unknownRouteIds(['POST /v1/trade', 'GET /api/markets', 'get /api/markets'])).toEqual([
      'POST /v1/trade',
      'get /api/markets',
    ]);
  });

  it('holds no duplicate ids and keeps each API under its own prefix', () => {
    for (const [deployable, ids] of Object.entries(ROUTE_CATALOGUE)) {
      expect(new Set(ids).size).toBe(ids.length);
      // public-read also serves the embeddable widget under /embed/ (issue 19).
      const prefixes = deployable === 'trading-api' ? ['/v1/'] : ['/api/', '/embed/'];
      expect(ids.every((id) => prefixes.some((prefix) => id.split(' ')[1]!.startsWith(prefix)))).toBe(true);
    }
  });
});

describe('httpDeployables', () => {
  it('names every deployable of the catalogue once, in its order', () => {
    expect(httpDeployables).toEqual(Object.keys(ROUTE_CATALOGUE));
  });
});
