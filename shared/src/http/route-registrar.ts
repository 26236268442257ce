import type { RequestHandler, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { AppError } from '../errors/index.js';
import type { RouteSwitches } from '../kill-switch/index.js';
import { runSteps } from './run-steps.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Registers routes under stable ids (`${method} ${path}`) that metrics, logs and kill switches share. */
export interface RouteRegistrar {
  /** The underlying router, for special cases (e.g. openapi-backend); call assertRouteEnabled and parseJson there. */
  readonly router: Router;
  /** JSON body parser with the app's size limit. route() adds it itself on methods that carry a body. */
  readonly parseJson: RequestHandler;
  /**
   * Registers `handlers` for `method path`. Before them it sets `res.locals.routeId`, checks the kill switch
   * (503 ROUTE_DISABLED) and, for POST/PUT/PATCH/DELETE, parses the JSON body (413 / 400 in the app's style), in
   * that order (kill switch → body size, as DESIGN.md §6 orders /v1 checks).
   */
  route<Path extends string>(
    method: HttpMethod,
    path: Path,
    ...handlers: Array<RequestHandler<RouteParameters<Path>>>
  ): void;
  /** Ids registered so far, in registration order. */
  routeIds(): string[];
}

/** Throws ROUTE_DISABLED (503, Retry-After 60, `extensions.route`) when the kill switch covers `routeId`. */
export function assertRouteEnabled(switches: RouteSwitches, routeId: string): void {
  if (switches.isDisabled(routeId)) throw new AppError('ROUTE_DISABLED', { extensions: { route: routeId } });
}

const methodsWithBody = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteRegistrarOptions {
  router: Router;
  routeSwitches: RouteSwitches;
  parseJson: RequestHandler;
}

export function createRouteRegistrar(options: RouteRegistrarOptions): RouteRegistrar {
  const { router, routeSwitches, parseJson } = options;
  const ids: string[] = [];

  return {
    router,
    parseJson,
    routeIds: () => [...ids],
    route(method, path, ...handlers) {
      const routeId = `${method} ${path}`;
      if (ids.includes(routeId)) throw new Error(`route ${routeId} is registered twice`);
      ids.push(routeId);
      const guard: RequestHandler = (_req, res, next) => {
        res.locals.routeId = routeId;
        assertRouteEnabled(routeSwitches, routeId);
        next();
      };
      // The path's typed params only narrow `req.params`; express calls every handler with the same request.
      const chain = runSteps([
        guard,
        ...(methodsWithBody.has(method) ? [parseJson] : []),
        ...(handlers as unknown as RequestHandler[]),
      ]);
      const route = router.route(path);
      switch (method) {
        case 'GET':
          route.get(chain);
          break;
        case 'POST':
          route.post(chain);
          break;
        case 'PUT':
          route.put(chain);
          break;
        case 'PATCH':
          route.patch(chain);
          break;
        case 'DELETE':
          route.delete(chain);
          break;
        case 'OPTIONS':
          route.options(chain);
          break;
      }
    },
  };
}
