import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ALL_ROUTES } from '#shared/kill-switch/route-list.js';
import { ROUTE_CATALOGUE } from '#shared/kill-switch/route-catalogue.js';
import {
  createPublicReadSuite,
  getJson,
  testSettings,
  type PublicReadSuite,
} from '#tooling/kits/public-read/public-read-test-kit.js';

/** Every route id the public read API registers (route-catalogue.spec.ts keeps the catalogue equal to them). */
const routeIds = ROUTE_CATALOGUE['public-read'];

/** A request path that the route of `routeId` matches: parameters and the wildcard filled in. */
function requestFor(routeId: string): { method: string; path: string } {
  const [method, path] = routeId.split(' ') as [string, string];
  return { method, path: path.replace(/:[A-Za-z]+/g, 'some-id').replace('*', 'no-such-endpoint') };
}

let suite: PublicReadSuite;

beforeAll(async () => {
  suite = await createPublicReadSuite();
});

afterAll(() => suite.destroy());

describe('kill switch on every public route', () => {
  it('loops over exactly the routes the app registers', async () => {
    const app = await suite.start();
    expect([...app.routeIds].sort()).toEqual([...routeIds].sort());
    expect(routeIds).toEqual(expect.arrayContaining(['GET /api/threads', 'GET /api/markets/:id/quote', 'GET /api/*']));
    await app.close();
  });

  it.each(routeIds)(
    'answers 503 ROUTE_DISABLED in the public error shape, with CORS and rate-limit headers, when %s is disabled',
    async (routeId) => {
      const app = await suite.start({ routeDisabled: [routeId] });
      const { method, path } = requestFor(routeId);
      const { status, body, headers } = await getJson(`${app.url}${path}`, { method });
      expect(status).toBe(503);
      expect(body).toEqual({
        error: 'Service Unavailable',
        code: 'ROUTE_DISABLED',
        message: expect.any(String),
        extensions: { route: routeId },
      });
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('retry-after')).toBe('60');
      expect(headers.get('cache-control')).toBe('no-store');
      const limit =
        routeId === 'GET /api/threads' ? testSettings.rateLimit.threadsList : testSettings.rateLimit.default;
      expect(headers.get('x-ratelimit-limit')).toBe(String(limit));

      // Only that route: another one still answers.
      const other = routeId === 'GET /api/openapi.json' ? '/api/markets' : '/api/openapi.json';
      expect((await getJson(`${app.url}${other}`)).status).toBe(200);
      await app.close();
    },
  );

  it(`disables every route with ${ALL_ROUTES}, leaving health and CORS preflights up`, async () => {
    const app = await suite.start({ routeDisabled: [ALL_ROUTES] });
    for (const routeId of routeIds) {
      const { method, path } = requestFor(routeId);
      const { status, body, headers } = await getJson(`${app.url}${path}`, { method });
      expect([routeId, status]).toEqual([routeId, 503]);
      expect(body).toMatchObject({
        error: 'Service Unavailable',
        code: 'ROUTE_DISABLED',
        extensions: { route: routeId },
      });
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    const preflight = await fetch(`${app.url}/api/markets`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://embed.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    await app.close();
  });
});
