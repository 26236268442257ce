import { ALL_ROUTES } from './route-list.js';

import { ROUTE_CATALOGUE } from './route-catalogue.generated.js';

/**
 * Every route id the HTTP deployables register (what `ROUTE_DISABLED` may name), generated from the apps as they
 * build their routes (mostly the operations of their OpenAPI documents; tooling/openapi/route-catalogue.ts, with a
 * drift test). The admin CLI's `routes` command validates ids against it, and the switch sources report ids not in it.
 */
export { ROUTE_CATALOGUE };

export type HttpDeployable = keyof typeof ROUTE_CATALOGUE;

/** The deployables with switchable routes, in the catalogue's order. */
export const httpDeployables: readonly HttpDeployable[] = ['trading-api', 'public-read'];

const known = new Set<string>([ALL_ROUTES, ...Object.values(ROUTE_CATALOGUE).flat()]);

/** The ids of a list that no deployable registers (typos, routes since removed): reported, never silently ignored. */
export function unknownRouteIds(ids: readonly string[]): string[] {
  return ids.filter((id) => !known.has(id));
}
