import { ALL_ROUTES } from './route-list.js';

/**
 * Every route id the HTTP deployables register (what `ROUTE_DISABLED` may name), as their route registrars form
 * them. The apps' route-catalogue tests compare this list with what a running app registers, so it cannot drift.
 * The admin CLI's `routes` command validates ids against it, and the switch sources report ids not in it.
 */
export const ROUTE_CATALOGUE = {
  'trading-api': [
    'GET /v1/openapi.json',
    'GET /v1/docs',
    'GET /v1/docs/assets/:name',
    'GET /v1/docs/errors/:code',
    'GET /v1/markets',
    'GET /v1/markets/:id',
    'GET /v1/markets/:id/quote',
    'GET /v1/markets/:id/predictions',
    'GET /v1/portfolio',
    'GET /v1/portfolio/positions',
    'POST /v1/redemptions',
    'GET /v1/trades',
    'POST /v1/trades',
    'GET /v1/trades/:id',
    'POST /v1/trades/:id/confirm',
    'GET /v1/traces/:correlationId',
    'GET /v1/webhooks/events',
    'POST /v1/webhooks/events/:id/redeliver',
    'POST /v1/auth/api-keys/me/webhook-secret/rotate',
    'GET /v1/account/usage',
    'GET /v1/events/stream',
  ],
  'public-read': [
    'GET /api/threads',
    'GET /api/threads/:id',
    'GET /api/threads/:id/markets',
    'GET /api/threads/:id/chapters',
    'GET /api/threads/:id/social-links',
    'GET /api/markets',
    'GET /api/markets/trending',
    'GET /api/markets/featured',
    'GET /api/markets/:id',
    'GET /api/markets/:id/quote',
    'GET /api/markets/:id/social-link',
    'GET /api/markets/:id/stream',
    'GET /api/organizations/:id',
    'GET /api/organizations/:id/markets',
    'GET /api/organizations/:id/threads',
    'GET /api/partners/:id',
    'GET /api/partners/:id/threads',
    'GET /api/openapi.json',
    'GET /embed/widget.js',
    'GET /embed/demo',
    'GET /api/*',
    'POST /api/*',
    'PUT /api/*',
    'PATCH /api/*',
    'DELETE /api/*',
  ],
} as const satisfies Record<string, readonly string[]>;

export type HttpDeployable = keyof typeof ROUTE_CATALOGUE;

/** The deployables with switchable routes, in the catalogue's order. */
export const httpDeployables: readonly HttpDeployable[] = ['trading-api', 'public-read'];

const known = new Set<string>([ALL_ROUTES, ...Object.values(ROUTE_CATALOGUE).flat()]);

/** True for `*` and for every id some HTTP deployable registers. */
export function isKnownRouteId(id: string): boolean {
  return known.has(id);
}

/** The ids of a list that no deployable registers (typos, routes since removed): reported, never silently ignored. */
export function unknownRouteIds(ids: readonly string[]): string[] {
  return ids.filter((id) => !known.has(id));
}
