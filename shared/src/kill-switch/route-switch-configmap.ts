import { codeOf } from '../errors/thrown-values.js';
import { CoreV1Api, PatchStrategy, setHeaderOptions, type KubeConfig } from '@kubernetes/client-node';
import { parseRouteList } from './route-list.js';

/** The key of the `route-switches` ConfigMap that holds the comma-separated list. */
export const ROUTE_SWITCHES_KEY = 'ROUTE_DISABLED';

export interface RouteSwitchConfigMap {
  namespace: string;
  name: string;
  /** The current list and the version it was read at; undefined when the ConfigMap does not exist. */
  read(): Promise<{ routes: string[]; resourceVersion: string } | undefined>;
  /** Writes the list with a merge patch that fails (409) if the ConfigMap changed since `resourceVersion`. */
  write(routes: readonly string[], resourceVersion: string): Promise<void>;
}

/** How the list is written: comma-separated, in the order given (what parseRouteList reads back). */
export const formatRouteList = (routes: readonly string[]): string => routes.join(',');

export function routeSwitchConfigMap(kubeConfig: KubeConfig, namespace: string, name: string): RouteSwitchConfigMap {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    namespace,
    name,
    async read() {
      try {
        const configMap = await core.readNamespacedConfigMap({ name, namespace });
        return {
          routes: parseRouteList(configMap.data?.[ROUTE_SWITCHES_KEY] ?? ''),
          resourceVersion: configMap.metadata?.resourceVersion ?? '',
        };
      } catch (error) {
        if (codeOf(error) === 404) return undefined;
        throw error;
      }
    },
    async write(routes, resourceVersion) {
      const body = { metadata: { resourceVersion }, data: { [ROUTE_SWITCHES_KEY]: formatRouteList(routes) } };
      await core.patchNamespacedConfigMap(
        { name, namespace, body },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
    },
  };
}

/** The exact `kubectl patch` that sets the list, for an operator outside the cluster. */
export function kubectlPatchCommand(namespace: string, name: string, routes: readonly string[]): string {
  const patch = JSON.stringify({ data: { [ROUTE_SWITCHES_KEY]: formatRouteList(routes) } });
  return `kubectl -n ${namespace} patch configmap ${name} --type merge -p '${patch}'`;
}
