import type { RequestHandler, Response } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { AppError } from '../errors/app-error.js';
import type { RouteSwitches } from '../kill-switch/route-switches.js';
import type { RouteTable } from './route-table.js';
import { methodsWithBody, type BodyKind } from './request-body.js';
import { runSteps } from './run-steps.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Whether a route needs the caller's API key: required (401 without one), optional (recognised when sent), none. */
export type KeyRequirement = 'required' | 'optional' | 'none';

/**
 * The admission steps an API offers its routes; each route picks its own by declaration (key, scope, limiter,
 * signature). `placement` is the API's order: `before-kill-switch` (the public API: a disabled route's 503 still
 * carries the caller's X-RateLimit-*) or `after-body` (the trading API, DESIGN.md §6: kill switch → body → key →
 * scope → limit → signature).
 */
export interface EdgeSteps {
  /** What a route with a required or optional key runs (authentication, usage count, IP allowlist…). */
  key: Partial<Record<Exclude<KeyRequirement, 'none'>, readonly RequestHandler[]>>;
  /** The check of a declared scope (403). */
  scope?: (scope: string) => RequestHandler;
  /** The rate limiters by kind; a route names one. */
  limiters: Readonly<Record<string, RequestHandler>>;
  /** Verifies a signed request (the trading API's request signing). */
  signature?: RequestHandler;
  placement: 'before-kill-switch' | 'after-body';
}

/** What a route asks of the edge (see {@link EdgeSteps}); `route()` and `unknownPath()` take the app's defaults. */
export interface RouteAdmission {
  key: KeyRequirement;
  /** The scope the caller's key must hold; only with a required key. */
  scope?: string;
  /** One of the app's limiter kinds; none: not rate limited. */
  limiter?: string;
  /** Whether a signed request's signature is verified. */
  signature?: boolean;
}

/**
 * One route as both APIs declare it. The edge runs, in this order: the route id, the route's `before` steps, the kill
 * switch (503 ROUTE_DISABLED), the body reader, then the route's admission (key, scope, limiter, signature; placed
 * ahead of `before` on an API whose edge says so), the route's `steps` (version, validation…) and finally its
 * handler, all as one route handler (runSteps).
 */
export interface RouteDeclaration extends RouteAdmission {
  method: HttpMethod;
  /** Express path syntax; the route id is `${method} ${path}`. */
  path: string;
  body: BodyKind;
  /** Steps whose effects every answer of the route carries, a disabled route's 503 included (e.g. Deprecation). */
  before?: readonly RequestHandler[];
  /** The route's steps after its admission; the last one answers. */
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
  /** The admission steps routes pick from; without them every route must declare `key: 'none'` and no limiter. */
  edge?: EdgeSteps;
  /** What `route()` and `unknownPath()` declare (default: no key, no limiter). */
  routeDefaults?: RouteAdmission;
  /** Adds a prefix middleware ahead of the route table (the app's `use`). */
  use(prefix: string, middleware: RequestHandler): void;
}

/** The steps a route's declared admission stands for; fails at start-up when the edge lacks one. */
function admissionSteps(edge: EdgeSteps | undefined, route: RouteDeclaration, routeId: string): RequestHandler[] {
  const missing = (what: string) => new Error(`route ${routeId} declares ${what} but its API has no such step`);
  const steps: RequestHandler[] = [];
  if (route.key !== 'none') {
    const keySteps = edge?.key[route.key];
    if (!keySteps) throw missing(`a ${route.key} key`);
    steps.push(...keySteps);
  }
  if (route.scope !== undefined) {
    if (route.key !== 'required') throw new Error(`route ${routeId} declares a scope without a required key`);
    if (!edge?.scope) throw missing('a scope');
    steps.push(edge.scope(route.scope));
  }
  if (route.limiter !== undefined) {
    const limiter = edge?.limiters[route.limiter];
    if (!limiter) throw missing(`the ${route.limiter} limiter`);
    steps.push(limiter);
  }
  if (route.signature) {
    if (!edge?.signature) throw missing('a signature');
    steps.push(edge.signature);
  }
  return steps;
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
    const admission = admissionSteps(options.edge, route, routeId);
    const early = options.edge?.placement === 'before-kill-switch';
    table.add(
      route.method,
      route.path,
      runSteps([
        setRouteId,
        ...(early ? admission : []),
        ...(route.before ?? []),
        killSwitch,
        ...(route.body === 'none' ? [] : [bodyReaders[route.body]]),
        ...(early ? [] : admission),
        ...route.steps,
      ]),
    );
  };
  const defaults: RouteAdmission = options.routeDefaults ?? { key: 'none' };

  return {
    use: options.use,
    routeIds: ids,
    declare,
    route(method, path, ...handlers) {
      // cast: Express types a route's handlers by its path parameters; the edge runs them as plain handlers.
      const steps = handlers as unknown as RequestHandler[];
      declare({ ...defaults, method, path, body: methodsWithBody.has(method) ? 'json' : 'none', steps });
    },
    unknownPath(path, handler) {
      for (const method of allMethods) declare({ ...defaults, method, path, body: 'none', steps: [handler] });
    },
  };
}
