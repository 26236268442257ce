import { Counter, Gauge, type Registry } from 'prom-client';
import { registeredMetric } from '../http/http-metrics.js';
import type { Logger } from '../logger/logger.js';
import { unknownRouteIds } from './route-catalogue.js';

export type RouteSwitchSource = 'kubernetes' | 'file' | 'env';

/** What `/ready` shows under `details.routeSwitches`: where the switches come from and what they say now. */
export interface RouteSwitchesStatus {
  source: RouteSwitchSource;
  /** `namespace/configmap`, the file path, or `ROUTE_DISABLED`. */
  location: string;
  disabled: string[];
  /** Ids in the list that no deployable registers. */
  unknown: string[];
  /** False while the source cannot be read (the last known list stays in force). */
  connected: boolean;
  /** When the source was last read successfully (ISO 8601), if ever. */
  lastSyncAt: string | null;
}

export interface RouteSwitchObserver {
  routesChanged(routes: readonly string[]): void;
  synced(): void;
  disconnected(reason: string): void;
  watchRestarted(reason: 'gone' | 'error' | 'closed'): void;
  status(): RouteSwitchesStatus;
}

export interface RouteSwitchObserverOptions {
  source: RouteSwitchSource;
  location: string;
  logger: Logger;
  /** The app's metrics registry; absent in unit tests. */
  registry?: Registry;
  now?: () => Date;
}

function metricsOn(registry: Registry) {
  const gauge = (name: string, help: string, labelNames: string[]) =>
    registeredMetric(registry, name, () => new Gauge({ name, help, labelNames, registers: [registry] }));
  return {
    disabled: gauge('route_switches_disabled', 'Route ids currently disabled (1 per id).', ['route']),
    unknown: gauge('route_switches_unknown', 'Ids in the switch list that no deployable registers (1 per id).', [
      'route',
    ]),
    connected: gauge('route_switches_source_connected', 'Whether the switch source can be read now.', ['source']),
    restarts: registeredMetric(
      registry,
      'route_switches_watch_restarts_total',
      () =>
        new Counter({
          name: 'route_switches_watch_restarts_total',
          help: 'Restarts of the ConfigMap watch by reason (gone = 410, error, closed by the server).',
          labelNames: ['reason'],
          registers: [registry],
        }),
    ),
  };
}

/** Logs, metrics and the `/ready` status of one route-switch source. */
export function createRouteSwitchObserver(options: RouteSwitchObserverOptions): RouteSwitchObserver {
  const { source, location, logger } = options;
  const now = options.now ?? (() => new Date());
  const metrics = options.registry ? metricsOn(options.registry) : undefined;
  let disabled: string[] = [];
  let unknown: string[] = [];
  let connected = source !== 'kubernetes';
  let lastSyncAt: string | null = source === 'kubernetes' ? null : now().toISOString();
  let outageLogged = false;
  metrics?.connected.set({ source }, connected ? 1 : 0);

  return {
    routesChanged(routes) {
      disabled = [...routes];
      const nextUnknown = unknownRouteIds(routes);
      const newlyUnknown = nextUnknown.filter((id) => !unknown.includes(id));
      if (newlyUnknown.length) {
        logger.warn(
          { source, location, unknown: newlyUnknown },
          'route switches name route ids that no deployable registers; they disable nothing',
        );
      }
      unknown = nextUnknown;
      metrics?.disabled.reset();
      for (const route of disabled) metrics?.disabled.set({ route }, 1);
      metrics?.unknown.reset();
      for (const route of unknown) metrics?.unknown.set({ route }, 1);
    },
    synced() {
      if (outageLogged) logger.info({ source, location, routes: disabled }, 'route switches source readable again');
      outageLogged = false;
      connected = true;
      lastSyncAt = now().toISOString();
      metrics?.connected.set({ source }, 1);
    },
    disconnected(reason) {
      if (!outageLogged) {
        outageLogged = true;
        logger.warn(
          { source, location, reason, routes: disabled },
          'route switches source unreachable; keeping the last known list',
        );
      }
      connected = false;
      metrics?.connected.set({ source }, 0);
    },
    watchRestarted(reason) {
      metrics?.restarts.inc({ reason });
    },
    status: () => ({ source, location, disabled: [...disabled], unknown: [...unknown], connected, lastSyncAt }),
  };
}
