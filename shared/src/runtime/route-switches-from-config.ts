import { createFileRouteSwitches, createStaticRouteSwitches, type RouteSwitches } from '../kill-switch/index.js';
import type { Logger } from '../logger/index.js';

interface RouteSwitchSettings {
  ROUTE_DISABLED: string[];
  ROUTE_SWITCHES_FILE?: string | undefined;
}

/**
 * Outside a cluster the kill switches come from `ROUTE_DISABLED`, or from a watched file (a mounted
 * ConfigMap key) when `ROUTE_SWITCHES_FILE` is set, with the env list as the fallback.
 */
export function routeSwitchesFromConfig(settings: RouteSwitchSettings, logger: Logger): Promise<RouteSwitches> {
  if (settings.ROUTE_SWITCHES_FILE) {
    return createFileRouteSwitches({ path: settings.ROUTE_SWITCHES_FILE, fallback: settings.ROUTE_DISABLED, logger });
  }
  return Promise.resolve(createStaticRouteSwitches(settings.ROUTE_DISABLED));
}
