import type { RequestHandler } from 'express';
import { newRequestId } from '../ids/ids.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is short and plain (no log or header injection). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function acceptRequestId(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
}

/**
 * Starts each request: accepts a sane `X-Request-Id` or mints `req_…`, echoes it, stores it in
 * `res.locals.requestId` and sets the app's static response headers (security headers, computed once). The id
 * travels explicitly (requestIdOf) onto the access line, error lines and audit rows. It is deliberately not put in
 * AsyncLocalStorage here: on Node 20 that installs a promise hook that taxes every promise of every request
 * (docs/decisions/0012); queue consumers, with one context per message, still use it.
 */
export function requestStartMiddleware(staticHeaders: ReadonlyArray<readonly [string, string]> = []): RequestHandler {
  return (req, res, next) => {
    const requestId = acceptRequestId(req.get(REQUEST_ID_HEADER));
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of staticHeaders) res.setHeader(name, value);
    next();
  };
}

/** The request id set by requestIdMiddleware (empty before it ran). */
export function requestIdOf(res: { locals: Record<string, unknown> }): string {
  return typeof res.locals.requestId === 'string' ? res.locals.requestId : '';
}
