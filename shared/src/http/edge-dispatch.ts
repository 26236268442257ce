import http from 'node:http';
import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { runSteps } from './route-table.js';

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
