import type { RequestHandler } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { AppError } from '../errors/index.js';
import type { RouteSwitches } from '../kill-switch/index.js';
import type { RouteTable } from './route-table.js';
import { runSteps } from './run-steps.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Registers routes under stable ids (`${method} ${path}`) that metrics, logs and kill switches share. */
export interface RouteRegistrar {
  /**
   * Registers one handler with no guard, for pipelines that run their own (the trading API's operations check the
   * kill switch and read the raw body themselves); it must set `res.locals.routeId` and call assertRouteEnabled.
   */
  mount(method: HttpMethod, path: string, handler: RequestHandler): void;
  /** A middleware for every request under `prefix`, run before any route (e.g. CORS on `/api`). */
  use(prefix: string, middleware: RequestHandler): void;
  /**
   * Registers `handlers` for `method path`. Before them it sets `res.locals.routeId`, runs the app's admission steps
   * (if any), checks the kill switch (503 ROUTE_DISABLED) and, for POST/PUT/PATCH/DELETE, parses the JSON body
   * (413 / 400 in the app's style), in that order (kill switch → body size, as DESIGN.md §6 orders /v1 checks).
   */
  /**
   * Registers `handler` for `path` (a wildcard) on every method, like `route` but never reading a request body:
   * what an API answers for paths it does not serve (e.g. a 404 that still goes through admission).
   */
  unknownPath(path: string, handler: RequestHandler): void;
  /** Ids of every route registered so far (`${method} ${path}`, Express path syntax). */
  readonly routeIds: ReadonlySet<string>;
  route<Path extends string>(
    method: HttpMethod,
    path: Path,
    ...handlers: Array<RequestHandler<RouteParameters<Path>>>
  ): void;
}

/** Throws ROUTE_DISABLED (503, Retry-After 60, `extensions.route`) when the kill switch covers `routeId`. */
export function assertRouteEnabled(switches: RouteSwitches, routeId: string): void {
  if (switches.isDisabled(routeId)) throw new AppError('ROUTE_DISABLED', { extensions: { route: routeId } });
}

const methodsWithBody = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
export const allMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RouteRegistrarOptions {
  table: RouteTable;
  routeSwitches: RouteSwitches;
  parseJson: RequestHandler;
  /**
   * Steps every `route()` runs after its id is set and before the kill switch, chosen per route id: public-read's
   * optional API key and rate limit, so that a disabled route's 503 still carries the caller's X-RateLimit-*.
   */
  admission?: (routeId: string) => readonly RequestHandler[];
  /** Adds a prefix middleware ahead of the route table (the app's `use`). */
  use(prefix: string, middleware: RequestHandler): void;
}

export function createRouteRegistrar(options: RouteRegistrarOptions): RouteRegistrar {
  const { table, routeSwitches, parseJson } = options;
  const ids = new Set<string>();
  const claim = (method: HttpMethod, path: string): string => {
    const routeId = `${method} ${path}`;
    if (ids.has(routeId)) throw new Error(`route ${routeId} is registered twice`);
    ids.add(routeId);
    return routeId;
  };

  const register = (method: HttpMethod, path: string, parseBody: boolean, handlers: RequestHandler[]): void => {
    const routeId = claim(method, path);
    const setRouteId: RequestHandler = (_req, res, next) => {
      res.locals.routeId = routeId;
      next();
    };
    const killSwitch: RequestHandler = (_req, _res, next) => {
      assertRouteEnabled(routeSwitches, routeId);
      next();
    };
    table.add(
      method,
      path,
      runSteps([
        setRouteId,
        ...(options.admission?.(routeId) ?? []),
        killSwitch,
        ...(parseBody ? [parseJson] : []),
        ...handlers,
      ]),
    );
  };

  return {
    use: options.use,
    routeIds: ids,
    mount(method, path, handler) {
      claim(method, path);
      table.add(method, path, handler);
    },
    route(method, path, ...handlers) {
      register(method, path, methodsWithBody.has(method), handlers as unknown as RequestHandler[]);
    },
    unknownPath(path, handler) {
      for (const method of allMethods) register(method, path, false, [handler]);
    },
  };
}
