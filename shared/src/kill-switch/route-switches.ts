import { ALL_ROUTES, sameRouteList } from './route-list.js';
import type { RouteSwitchesStatus } from './route-switch-observer.js';

/**
 * Operations kill switches. A route id is `${METHOD} ${path pattern as registered}`, e.g. `POST /v1/trades` or
 * `GET /api/markets/:id/quote`; `*` disables every data route. Matching is exact and case-sensitive.
 */
export interface RouteSwitches {
  isDisabled(routeId: string): boolean;
  disabledRoutes(): string[];
  /** Called with the new list whenever it changes; returns an unsubscribe function. */
  onChange(listener: (routes: string[]) => void): () => void;
  close(): Promise<void>;
  /** The source and its current state, for `/ready` details (absent on fixed lists in tests). */
  describe?(): RouteSwitchesStatus;
}

/** A RouteSwitches whose list a source (file watcher, ConfigMap informer) replaces with `set`. */
export interface MutableRouteSwitches {
  readonly switches: RouteSwitches;
  /** Replaces the list; notifies listeners only when it actually changed. Returns whether it changed. */
  set(routes: readonly string[]): boolean;
}

export interface MutableRouteSwitchesOptions {
  /** Runs when `switches.close()` is called (stop watchers). */
  onClose?: () => Promise<void> | void;
  /** Receives errors thrown by change listeners (they never break the source). */
  onListenerError?: (error: unknown) => void;
}

/** Shared state behind every RouteSwitches implementation: an O(1) lookup on the hot path. */
export function createMutableRouteSwitches(
  initial: readonly string[],
  options: MutableRouteSwitchesOptions = {},
): MutableRouteSwitches {
  let routes: string[] = [...initial];
  let lookup = new Set(routes);
  let allDisabled = lookup.has(ALL_ROUTES);
  const listeners = new Set<(routes: string[]) => void>();
  let closed: Promise<void> | undefined;

  const switches: RouteSwitches = {
    isDisabled: (routeId) => allDisabled || lookup.has(routeId),
    disabledRoutes: () => [...routes],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed ??= Promise.resolve().then(async () => {
        listeners.clear();
        await options.onClose?.();
      });
      return closed;
    },
  };

  return {
    switches,
    set(next) {
      if (sameRouteList(routes, next)) return false;
      routes = [...next];
      lookup = new Set(routes);
      allDisabled = lookup.has(ALL_ROUTES);
      for (const listener of [...listeners]) {
        try {
          listener([...routes]);
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
      return true;
    },
  };
}

/** Fixed list, e.g. from the `ROUTE_DISABLED` env var or in tests. */
export function createStaticRouteSwitches(routes: string[]): RouteSwitches {
  return createMutableRouteSwitches(routes).switches;
}
