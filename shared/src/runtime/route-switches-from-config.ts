import type { Registry } from 'prom-client';
import { createFileRouteSwitches } from '../kill-switch/file-route-switches.js';
import { createRouteSwitchObserver, type RouteSwitchSource } from '../kill-switch/route-switch-observer.js';
import { createStaticRouteSwitches, type RouteSwitches } from '../kill-switch/route-switches.js';
import type { Logger } from '../logger/logger.js';

export interface RouteSwitchSettings {
  ROUTE_DISABLED: string[];
  ROUTE_SWITCHES_FILE?: string | undefined;
  ROUTE_SWITCHES_SOURCE?: RouteSwitchSource | undefined;
  ROUTE_SWITCHES_CONFIGMAP?: string | undefined;
  POD_NAMESPACE?: string | undefined;
  KUBERNETES_SERVICE_HOST?: string | undefined;
  KUBECONFIG?: string | undefined;
}

/** DESIGN §7: ROUTE_SWITCHES_SOURCE; unset → kubernetes inside a cluster, else file when a file is set, else env. */
export function chooseRouteSwitchSource(settings: RouteSwitchSettings): RouteSwitchSource {
  if (settings.ROUTE_SWITCHES_SOURCE) return settings.ROUTE_SWITCHES_SOURCE;
  if (settings.KUBERNETES_SERVICE_HOST) return 'kubernetes';
  return settings.ROUTE_SWITCHES_FILE ? 'file' : 'env';
}

/**
 * The kill switches of an HTTP app: the `route-switches` ConfigMap watched through the Kubernetes API, a watched
 * file (a mounted ConfigMap key), or the `ROUTE_DISABLED` env list, which is also the fallback of the other two
 * until they have been read. The source and its state go to the logs, `registry` and `/ready` details.
 */
export async function routeSwitchesFromConfig(
  settings: RouteSwitchSettings,
  logger: Logger,
  registry?: Registry,
): Promise<RouteSwitches> {
  const source = chooseRouteSwitchSource(settings);
  const fallback = settings.ROUTE_DISABLED;
  if (source === 'kubernetes') {
    const { loadKubeClient } = await import('../kill-switch/kube-client.js');
    const { createKubernetesRouteSwitches } = await import('../kill-switch/kubernetes-route-switches.js');
    const { kubeConfig, namespace } = loadKubeClient(settings);
    const name = settings.ROUTE_SWITCHES_CONFIGMAP ?? 'route-switches';
    const location = `${namespace}/${name}`;
    logger.info(
      { source, configMap: location, server: kubeConfig.getCurrentCluster()?.server },
      'route switches source',
    );
    const observer = createRouteSwitchObserver({ source, location, logger, registry });
    return createKubernetesRouteSwitches({ kubeConfig, namespace, name, fallback, logger, observer });
  }
  if (source === 'file') {
    if (!settings.ROUTE_SWITCHES_FILE) throw new Error('ROUTE_SWITCHES_SOURCE=file needs ROUTE_SWITCHES_FILE');
    const location = settings.ROUTE_SWITCHES_FILE;
    logger.info({ source, path: location }, 'route switches source');
    const observer = createRouteSwitchObserver({ source, location, logger, registry });
    const switches = await createFileRouteSwitches({ path: location, fallback, logger, observer });
    return observed(switches, observer);
  }
  logger.info({ source, routes: fallback }, 'route switches source');
  const observer = createRouteSwitchObserver({ source, location: 'ROUTE_DISABLED', logger, registry });
  return observed(createStaticRouteSwitches(fallback), observer);
}

function observed(switches: RouteSwitches, observer: ReturnType<typeof createRouteSwitchObserver>): RouteSwitches {
  observer.routesChanged(switches.disabledRoutes());
  switches.onChange((routes) => observer.routesChanged(routes));
  return { ...switches, describe: observer.status };
}
