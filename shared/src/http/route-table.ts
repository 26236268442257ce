import FindMyWay, { type HTTPMethod } from 'find-my-way';
import http from 'node:http';
import type express from 'express';
import type { RequestHandler, ErrorRequestHandler, Request, Response } from 'express';

/**
 * Every route of an app in one radix tree (find-my-way), dispatched by a single Express middleware. Express's own
 * router tries each route's regular expression in turn, through nested routers, on every request; with 20+ routes
 * that walk was the largest share of framework time in the read benchmarks. Matching keeps Express's defaults:
 * case-insensitive paths (parameters keep their case), an optional trailing slash, HEAD served by GET routes, and
 * no match → next() (the app's 404), malformed percent-encoding → 400. Static segments win over parameters (`/markets/trending` before
 * `/markets/:id`), whatever the registration order, and whatever the method: a path registered as static for one method
 * (`POST /trades/batch`) is never a parameter of another (`GET /trades/batch` is no `GET /trades/:id`, so it is the
 * app's 404).
 */
export interface RouteTable {
  /** Registers `handler` (one handler: compose steps with runSteps) for `method path`; a duplicate throws. */
  add(method: HTTPMethod, path: string, handler: RequestHandler): void;
  /** The middleware that runs the matching route with `req.params` set, or calls next() when none matches. */
  readonly dispatch: RequestHandler;
}

interface RouteStore {
  handler: RequestHandler;
  /** Set on a no-match entry: the path it was added at, to remove it by when a real route takes its place. */
  noMatchAt?: string;
}

const unused = (): void => undefined;

/**
 * Express's router bounds no parameter; find-my-way's default of 100 characters made a longer id match no route at
 * all (a bare 404 before the route's own checks: no 401, 400 or per-route 404 shape). Node already bounds the request
 * line by its 16 KiB header limit.
 */
const MAX_PARAM_LENGTH = 16 * 1024;

/** Whether a match read a named parameter (`:id`), not only a wildcard's tail (`*`, an unknown-path route). */
const namesParameters = (params: Record<string, unknown>): boolean => Object.keys(params).some((name) => name !== '*');

/** Where a method has no route of its own at a path another method has as static: no match (the app's 404). */
const notAParameter = (path: string): RouteStore => ({ handler: (_req, _res, next) => next(), noMatchAt: path });

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
  // Settled when routes are added, so a request pays nothing for it: each (method, static path of another method)
  // that the method's parameter routes would read gets a no-match entry of its own.
  const staticPaths: string[] = [];
  const methods = new Set<HTTPMethod>();
  const keepStatic = (method: HTTPMethod, path: string): void => {
    const found = tree.find(method, path);
    if (!found || !namesParameters(found.params)) return;
    tree.on(method, path, unused, notAParameter(path));
  };
  return {
    add(method, path, handler) {
      // A real route takes the place of a no-match entry at its path, however the two spell it.
      // cast: add() is the only writer of the tree and stores a RouteStore for every route.
      const noMatchAt = (tree.find(method, path)?.store as RouteStore | undefined)?.noMatchAt;
      if (noMatchAt !== undefined) tree.off(method, noMatchAt);
      tree.on(method, path, unused, { handler } satisfies RouteStore);
      methods.add(method);
      if (/[:*]/.test(path)) {
        for (const staticPath of staticPaths) keepStatic(method, staticPath);
      } else {
        staticPaths.push(path);
        for (const other of methods) if (other !== method) keepStatic(other, path);
      }
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

/** A middleware run ahead of the route table for every request whose path is `prefix` or under it (e.g. CORS). */
export interface PrefixMiddleware {
  prefix: string;
  middleware: RequestHandler;
}

export interface EdgeChain {
  /** What every request runs first (request id, security headers, observation). */
  start: readonly RequestHandler[];
  prefixed: readonly PrefixMiddleware[];
  /** The route table's dispatch: runs the matching route or calls next(). */
  dispatch: RequestHandler;
  /** What a request no route answered gets (it calls next(error) with the app's 404). */
  notFound: RequestHandler;
  onError: ErrorRequestHandler;
}

type EdgeServerOptions = Required<Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;
const edgeServerOptions = new WeakMap<object, EdgeServerOptions>();

/**
 * node:http request and response classes whose instances are born with the app's Express prototypes: Express would
 * otherwise re-prototype both objects of every request (Object.setPrototypeOf), which also makes V8 change their
 * shapes on the hot path.
 */
function edgeClasses(app: express.Express): EdgeServerOptions {
  class EdgeRequest extends http.IncomingMessage {}
  class EdgeResponse<Req extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Req> {}
  Object.setPrototypeOf(EdgeRequest.prototype, app.request);
  Object.setPrototypeOf(EdgeResponse.prototype, app.response);
  return { IncomingMessage: EdgeRequest, ServerResponse: EdgeResponse };
}

/** The server options that let node:http build requests and responses for `app` (empty for any other listener). */
export function edgeServerOptionsOf(app: object): http.ServerOptions {
  return edgeServerOptions.get(app) ?? {};
}

/** Whether `path` is `prefix` or below it, case-insensitively as Express matches mount paths. */
function isUnder(path: string, prefix: string): boolean {
  if (path.length < prefix.length) return false;
  const head = path.slice(0, prefix.length);
  if (head !== prefix && head.toLowerCase() !== prefix.toLowerCase()) return false;
  const after = path.charAt(prefix.length);
  return after === '' || after === '/' || after === '?';
}

function prefixStep({ prefix, middleware }: PrefixMiddleware): RequestHandler {
  return (req, res, next) => (isUnder(req.url, prefix) ? middleware(req, res, next) : next());
}

/**
 * Replaces Express's router as the app's dispatcher: the app keeps Express's request and response (res.json,
 * req.query, req.ip…), but a request runs one flat chain (start steps → prefix middlewares → route table → 404) and
 * one error handler, without the router's per-layer path matching, `parseurl` and `trimPrefix` on every layer. The
 * router was a tenth of the CPU of every public read (`npm run bench:public`, docs/decisions/0029). Prefix middlewares
 * see the full URL (Express would strip their mount path); none of ours reads it.
 */
export function useEdgeDispatch(app: express.Express, chain: EdgeChain): void {
  const { onError } = chain;
  const steps = runSteps([...chain.start, ...chain.prefixed.map(prefixStep), chain.dispatch]);
  const request = app.request;
  const response = app.response;
  const classes = edgeClasses(app);
  edgeServerOptions.set(app, classes);
  const handle = (req: Request, res: Response): void => {
    req.res = res;
    res.req = req;
    // A server made with edgeServerOptionsOf(app) builds both with Express's prototypes already; any other server
    // (supertest, a test's own) hands in plain node:http objects.
    if (!(req instanceof classes.IncomingMessage)) Object.setPrototypeOf(req, request);
    if (!(res instanceof classes.ServerResponse)) Object.setPrototypeOf(res, response);
    res.locals ??= Object.create(null);
    req.originalUrl ??= req.url;
    req.baseUrl = '';
    const fail = (error: unknown): void => {
      try {
        onError(error, req, res, () => res.destroy());
      } catch {
        res.destroy();
      }
    };
    // The chain ends with an error, or unanswered (no route matched): the app's 404.
    steps(req, res, (error?: unknown) => {
      if (error !== undefined && error !== null) fail(error);
      else chain.notFound(req, res, fail);
    });
  };
  // Express's app function calls `app.handle` for every request (node:http, supertest): it is the one seam.
  Object.assign(app, { handle });
}
