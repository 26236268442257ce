import type { RequestHandler, Response } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { AppError } from '../errors/index.js';
import type { RouteSwitches } from '../kill-switch/index.js';
import type { RouteTable } from './route-table.js';
import { methodsWithBody, type BodyKind } from './request-body.js';
import { runSteps } from './run-steps.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * One route as both APIs declare it. The edge runs, in this order: the route id, the app's admission steps, the
 * route's `before` steps, the kill switch (503 ROUTE_DISABLED), the body reader, then the route's `steps` (key,
 * scope, limits, signature, validation…) and finally its handler, all as one route handler (runSteps).
 */
export interface RouteDeclaration {
  method: HttpMethod;
  /** Express path syntax; the route id is `${method} ${path}`. */
  path: string;
  body: BodyKind;
  /** Steps whose effects every answer of the route carries, a disabled route's 503 included (e.g. Deprecation). */
  before?: readonly RequestHandler[];
  /** The route's steps after the body; the last one answers. */
  steps: readonly RequestHandler[];
}

/** Registers routes under stable ids (`${method} ${path}`) that metrics, logs and kill switches share. */
export interface RouteRegistrar {
  /** Registers a declared route (see {@link RouteDeclaration}). */
  declare(route: RouteDeclaration): void;
  /** A middleware for every request under `prefix`, run before any route (e.g. CORS on `/api`). */
  use(prefix: string, middleware: RequestHandler): void;
  /**
   * Registers `handler` for `path` (a wildcard) on every method, like `route` but never reading a request body:
   * what an API answers for paths it does not serve (e.g. a 404 that still goes through admission).
   */
  unknownPath(path: string, handler: RequestHandler): void;
  /** Ids of every route registered so far (`${method} ${path}`, Express path syntax). */
  readonly routeIds: ReadonlySet<string>;
  /** Declares `handlers` for `method path`, with a JSON body on POST/PUT/PATCH/DELETE and none on other methods. */
  route<Path extends string>(
    method: HttpMethod,
    path: Path,
    ...handlers: Array<RequestHandler<RouteParameters<Path>>>
  ): void;
}

/**
 * Whether the kill switch covered this request's route when it arrived: read once, by the edge's first step, so every
 * later step (an admission step that skips its key lookup, the kill switch step itself) sees the same answer.
 */
export function routeDisabledOf(res: Response): boolean {
  return res.locals.routeDisabled === true;
}

export const allMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RouteRegistrarOptions {
  table: RouteTable;
  routeSwitches: RouteSwitches;
  /** The body readers of the app (its limit, its error style). */
  bodyReaders: Record<Exclude<BodyKind, 'none'>, RequestHandler>;
  /**
   * Steps every `route()` runs after its id is set and before the kill switch, chosen per route id: public-read's
   * optional API key and rate limit, so that a disabled route's 503 still carries the caller's X-RateLimit-*.
   */
  admission?: (routeId: string) => readonly RequestHandler[];
  /** Adds a prefix middleware ahead of the route table (the app's `use`). */
  use(prefix: string, middleware: RequestHandler): void;
}

export function createRouteRegistrar(options: RouteRegistrarOptions): RouteRegistrar {
  const { table, routeSwitches, bodyReaders } = options;
  const ids = new Set<string>();
  const claim = (method: HttpMethod, path: string): string => {
    const routeId = `${method} ${path}`;
    if (ids.has(routeId)) throw new Error(`route ${routeId} is registered twice`);
    ids.add(routeId);
    return routeId;
  };

  const declare = (route: RouteDeclaration): void => {
    const routeId = claim(route.method, route.path);
    const setRouteId: RequestHandler = (_req, res, next) => {
      res.locals.routeId = routeId;
      res.locals.routeDisabled = routeSwitches.isDisabled(routeId);
      next();
    };
    const killSwitch: RequestHandler = (_req, res, next) => {
      // 503 ROUTE_DISABLED, Retry-After 60, `extensions.route`.
      if (routeDisabledOf(res)) throw new AppError('ROUTE_DISABLED', { extensions: { route: routeId } });
      next();
    };
    table.add(
      route.method,
      route.path,
      runSteps([
        setRouteId,
        ...(options.admission?.(routeId) ?? []),
        ...(route.before ?? []),
        killSwitch,
        ...(route.body === 'none' ? [] : [bodyReaders[route.body]]),
        ...route.steps,
      ]),
    );
  };

  return {
    use: options.use,
    routeIds: ids,
    declare,
    route(method, path, ...handlers) {
      // Express types a route's handlers by its path parameters; the edge runs them as plain handlers.
      const steps = handlers as unknown as RequestHandler[];
      declare({ method, path, body: methodsWithBody.has(method) ? 'json' : 'none', steps });
    },
    unknownPath(path, handler) {
      for (const method of allMethods) declare({ method, path, body: 'none', steps: [handler] });
    },
  };
}
