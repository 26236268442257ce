import { AppError } from '#shared/errors/app-error.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import { ALL_ROUTES, parseRouteList, sameRouteList } from '#shared/kill-switch/route-list.js';
import {
  httpDeployables,
  ROUTE_CATALOGUE,
  unknownRouteIds,
  type HttpDeployable,
} from '#shared/kill-switch/route-catalogue.js';
import type { RouteSwitchConfigMap } from '#shared/kill-switch/route-switch-configmap.js';

export type RouteState = 'enabled' | 'disabled' | 'unknown';

export interface RouteRow {
  routeId: string;
  deployable: HttpDeployable | 'all';
  state: RouteState;
}

/** Every switchable route id with its state under `disabled` (undefined = the list could not be read). */
export function describeRoutes(disabled: readonly string[] | undefined): RouteRow[] {
  const all = disabled?.includes(ALL_ROUTES) ?? false;
  const stateOf = (routeId: string): RouteState =>
    disabled === undefined ? 'unknown' : all || disabled.includes(routeId) ? 'disabled' : 'enabled';
  const rows: RouteRow[] = [{ routeId: ALL_ROUTES, deployable: 'all', state: stateOf(ALL_ROUTES) }];
  for (const deployable of httpDeployables) {
    for (const routeId of ROUTE_CATALOGUE[deployable]) rows.push({ routeId, deployable, state: stateOf(routeId) });
  }
  return rows;
}

/** The operator's ids, normalised like the ConfigMap list; an id no deployable registers refuses the whole command. */
export function parseRouteIds(args: readonly string[]): string[] {
  const ids = parseRouteList(args.join('\n'));
  if (ids.length === 0) throw new AppError('VALIDATION_FAILED', { detail: 'name at least one route id' });
  const unknown = unknownRouteIds(ids);
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `unknown route id ${unknown.map((id) => `'${id}'`).join(', ')}: \`routes list\` shows the valid ids`,
    });
  }
  return ids;
}

/** The list after disabling or enabling `ids` (order kept, new ids appended; unknown ids already there stay). */
export function nextRouteList(
  current: readonly string[],
  action: 'disable' | 'enable',
  ids: readonly string[],
): string[] {
  if (action === 'enable') return current.filter((id) => !ids.includes(id));
  return [...current, ...ids.filter((id) => !current.includes(id))];
}

export interface RouteChange {
  before: string[];
  after: string[];
  changed: boolean;
}

/**
 * Disables or enables routes in the ConfigMap: read, compute, write guarded by the read's resourceVersion, and
 * again from a fresh read when another writer got there first (409), up to three times.
 */
export async function changeRouteSwitches(
  configMap: RouteSwitchConfigMap,
  action: 'disable' | 'enable',
  ids: readonly string[],
): Promise<RouteChange> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await configMap.read();
    if (!current) {
      throw new AppError('RESOURCE_NOT_FOUND', {
        detail: `ConfigMap ${configMap.namespace}/${configMap.name} not found: install the chart (or set POD_NAMESPACE / ROUTE_SWITCHES_CONFIGMAP)`,
      });
    }
    const after = nextRouteList(current.routes, action, ids);
    const changed = !sameRouteList(after, current.routes);
    if (!changed) return { before: current.routes, after, changed };
    try {
      await configMap.write(after, current.resourceVersion);
      return { before: current.routes, after, changed };
    } catch (error) {
      if (codeOf(error) !== 409 || attempt === 3) throw error;
    }
  }
}
