import type { RequestHandler } from 'express';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/**
 * Every route of an app in one radix tree (find-my-way), dispatched by a single Express middleware. Express's own
 * router tries each route's regular expression in turn, through nested routers, on every request; with 20+ routes
 * that walk was the largest share of framework time in the read benchmarks. Matching keeps Express's defaults:
 * case-insensitive paths (parameters keep their case), an optional trailing slash, HEAD served by GET routes, and
 * no match → next() (the app's 404), malformed percent-encoding → 400. Static segments win over parameters (`/markets/trending` before
 * `/markets/:id`), whatever the registration order.
 */
export interface RouteTable {
  /** Registers `handler` (one handler: compose steps with runSteps) for `method path`; a duplicate throws. */
  add(method: HTTPMethod, path: string, handler: RequestHandler): void;
  /** The middleware that runs the matching route with `req.params` set, or calls next() when none matches. */
  readonly dispatch: RequestHandler;
}

interface RouteStore {
  handler: RequestHandler;
}

const unused = (): void => undefined;

/**
 * Express's router bounds no parameter; find-my-way's default of 100 characters made a longer id match no route at
 * all (a bare 404 before the route's own checks: no 401, 400 or per-route 404 shape). Node already bounds the request
 * line by its 16 KiB header limit.
 */
const MAX_PARAM_LENGTH = 16 * 1024;

/** What a path with malformed percent-encoding matches (find-my-way's onBadUrl); dispatched as a 400. */
const BAD_URL: RouteStore = {
  handler: (_req, _res, next) =>
    next(Object.assign(new URIError('The request path is not valid percent-encoding.'), { status: 400, expose: true })),
};
export function createRouteTable(): RouteTable {
  const tree = FindMyWay({
    caseSensitive: false,
    ignoreTrailingSlash: true,
    maxParamLength: MAX_PARAM_LENGTH,
    onBadUrl: unused,
  });
  return {
    add(method, path, handler) {
      tree.on(method, path, unused, { handler } satisfies RouteStore);
    },
    dispatch(req, res, next) {
      const queryStart = req.url.indexOf('?');
      const path = queryStart < 0 ? req.url : req.url.slice(0, queryStart);
      // cast: find-my-way answers null for a method it has no tree for, so any req.method is safe to look up.
      const method = req.method as HTTPMethod;
      const found = tree.find(method, path) ?? (req.method === 'HEAD' ? tree.find('GET', path) : null);
      if (!found) {
        next();
        return;
      }
      // cast: add() is the only writer of the tree and stores a RouteStore for every route.
      const store = (found.store as RouteStore | null) ?? BAD_URL;
      // cast: find-my-way sets every parameter of the matched route (an undefined one is never present).
      req.params = found.params as Record<string, string>;
      return store.handler(req, res, next);
    },
  };
}

/**
 * Runs a route's steps (Express-style middlewares: kill switch, body, auth, limits, handler) in order as ONE route
 * handler: one router layer per route instead of one per step, since the router's per-layer dispatch was a
 * measurable share of every request (`npm run bench:*`). A step ends the chain by throwing, rejecting or calling
 * next(error) (→ the error middleware), or by answering without calling next.
 */
export function runSteps(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        done(error);
        return;
      }
      const step = steps[index++];
      if (!step) {
        done();
        return;
      }
      try {
        const outcome: unknown = step(req, res, next);
        if (outcome instanceof Promise) outcome.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
