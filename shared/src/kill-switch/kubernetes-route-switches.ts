import { messageOf } from '../errors/thrown-values.js';
import { CoreV1Api, Watch, type KubeConfig, type V1ConfigMap } from '@kubernetes/client-node';
import type { Logger } from '../logger/logger.js';
import { parseRouteList } from './route-list.js';
import { ROUTE_SWITCHES_KEY } from './route-switch-configmap.js';
import type { RouteSwitchObserver } from './route-switch-observer.js';
import { createMutableRouteSwitches, type RouteSwitches } from './route-switches.js';

export interface KubernetesRouteSwitchesOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The ConfigMap, `route-switches` by default (ROUTE_SWITCHES_CONFIGMAP). */
  name: string;
  /** In force until the ConfigMap has been read once (the `ROUTE_DISABLED` env list). */
  fallback: string[];
  logger: Logger;
  observer: RouteSwitchObserver;
  /** Restart delays after an error: doubling from `initialMs` up to `maxMs`, with jitter. Default 250 ms → 10 s. */
  backoff?: { initialMs: number; maxMs: number };
  /** How long start-up waits for the first read before going on with the fallback list. Default 3 s. */
  initialSyncTimeoutMs?: number;
}

type WatchEnd = 'closed' | 'gone';

interface StatusObject {
  code?: number;
  message?: string;
  metadata?: { resourceVersion?: string };
}

/**
 * Kill switches from the `route-switches` ConfigMap through the Kubernetes API: list, then watch from the list's
 * resourceVersion (bookmarks keep it fresh). A 410 Gone relists at once; an error or a dropped connection relists
 * after a growing delay. A missing ConfigMap (or key) means nothing is disabled; while the API cannot be reached
 * the last known list stays in force. List and watch ask for `metadata.name=<name>`, so a Role with
 * `resourceNames: [<name>]` is enough.
 */
export async function createKubernetesRouteSwitches(options: KubernetesRouteSwitchesOptions): Promise<RouteSwitches> {
  const { kubeConfig, namespace, name, logger, observer } = options;
  const key = ROUTE_SWITCHES_KEY;
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const watcher = new Watch(kubeConfig);
  const fieldSelector = `metadata.name=${name}`;
  let closed = false;
  let abortWatch: (() => void) | undefined;
  let wake: (() => void) | undefined;

  const state = createMutableRouteSwitches(options.fallback, {
    onListenerError: (error) => logger.error({ err: error }, 'route switch listener failed'),
    onClose: async () => {
      closed = true;
      abortWatch?.();
      wake?.();
      await loop;
    },
  });
  observer.routesChanged(options.fallback);

  function apply(configMap: V1ConfigMap | undefined, event: string): void {
    const routes = parseRouteList(configMap?.data?.[key] ?? '');
    if (state.set(routes)) {
      observer.routesChanged(routes);
      logger.info({ source: 'kubernetes', configMap: `${namespace}/${name}`, event, routes }, 'route switches changed');
    }
  }

  async function list(): Promise<string | undefined> {
    const result = await core.listNamespacedConfigMap({ namespace, fieldSelector });
    apply(
      result.items.find((item) => item.metadata?.name === name),
      'LIST',
    );
    observer.synced();
    return result.metadata?.resourceVersion;
  }

  /** One watch connection; resolves when the server ends it (or 410 Gone), rejects on an error. */
  function watchFrom(resourceVersion: string, onVersion: (version: string) => void): Promise<WatchEnd> {
    return new Promise<WatchEnd>((resolve, reject) => {
      let end: WatchEnd | Error | undefined;
      let controller: AbortController | undefined;
      const stop = () => controller?.abort();
      abortWatch = () => {
        end ??= 'closed';
        stop();
      };
      const onEvent = (phase: string, object: V1ConfigMap & StatusObject) => {
        const version = object.metadata?.resourceVersion;
        if (phase === 'ERROR') {
          end = object.code === 410 ? 'gone' : new Error(`watch error ${object.code ?? '?'}: ${object.message ?? ''}`);
          stop();
          return;
        }
        if (phase === 'ADDED' || phase === 'MODIFIED') apply(object, phase);
        else if (phase === 'DELETED') apply(undefined, phase);
        if (version) onVersion(version);
        observer.synced();
      };
      let finished = false;
      const onDone = (error: unknown) => {
        finished = true;
        abortWatch = undefined;
        if (end instanceof Error) reject(end);
        else if (end) resolve(end);
        else if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve('closed');
      };
      const query = {
        fieldSelector,
        resourceVersion,
        allowWatchBookmarks: true,
        // The API server ends each watch after this long (a fresh one starts from the last resourceVersion).
        timeoutSeconds: 300,
      };
      watcher.watch(`/api/v1/namespaces/${namespace}/configmaps`, query, onEvent, onDone).then(
        (started) => {
          controller = started;
          if (end) stop();
          else if (!finished) observer.synced(); // the stream is open: the API answers again
        },
        (error: unknown) => onDone(error),
      );
    });
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  let firstSync: () => void = () => undefined;
  const synced = new Promise<void>((resolve) => (firstSync = resolve));

  async function run(): Promise<void> {
    let failures = 0;
    let resourceVersion: string | undefined;
    while (!closed) {
      let listing = false;
      try {
        if (!resourceVersion) {
          listing = true;
          resourceVersion = await list();
          listing = false;
          failures = 0;
          firstSync();
        }
        if (closed) return;
        if (!resourceVersion) throw new Error('the ConfigMap list carried no resourceVersion');
        const startedAt = Date.now();
        const end = await watchFrom(resourceVersion, (version) => (resourceVersion = version));
        if (closed) return;
        failures = 0;
        observer.watchRestarted(end);
        if (end === 'gone') resourceVersion = undefined;
        // A server that ends every watch at once must not turn this loop into a busy one.
        else if (Date.now() - startedAt < 1_000) await pause(backoff.initialMs);
      } catch (error) {
        if (closed) return;
        // A failed watch resumes from the last version seen (a 410 then asks for a relist); a failed list relists.
        if (listing) resourceVersion = undefined;
        else observer.watchRestarted('error');
        observer.disconnected(messageOf(error));
        const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
        failures += 1;
        await pause(ceiling / 2 + Math.random() * (ceiling / 2));
      }
    }
  }

  const loop = run();
  let timeout: NodeJS.Timeout | undefined;
  await Promise.race([
    synced,
    new Promise<void>((resolve) => (timeout = setTimeout(resolve, options.initialSyncTimeoutMs ?? 3_000))),
  ]);
  clearTimeout(timeout);
  return { ...state.switches, describe: observer.status };
}
