import type { DeployableName } from './deployables.js';

export const PART_OF = 'foretell';

/** The labels that select one deployable's pods (Deployment selector, Service, PDB, NetworkPolicy). */
export function selectorLabels(name: DeployableName | 'migrations' | 'admin-cli'): Record<string, string> {
  return { 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': PART_OF };
}

/** Every Foretell pod carries these; the default-deny NetworkPolicy selects on them. */
export const partOfLabels: Record<string, string> = { 'app.kubernetes.io/part-of': PART_OF };

export const CONFIG_MAP_NAME = 'foretell-config';
export const SECRET_NAME = 'foretell-secrets';
export const ROUTE_SWITCHES_NAME = 'route-switches';
export const ROUTE_SWITCHES_KEY = 'ROUTE_DISABLED';
