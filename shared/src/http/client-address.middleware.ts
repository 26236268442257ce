/*
 * Express side of client-address.ts: a start step resolves the client once per request (res.locals.clientAddress),
 * and `req.ip` answers the same address, so nothing in an app can key on the load balancer's address by mistake.
 * Everything keyed by client reads clientAddressOf(res): `.address` for allowlists and audit rows, `.group` for
 * lockouts, per-IP limits and stream caps.
 */
import type express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { resolveClientAddress, type ClientAddress } from './client-address.js';

/** Express's compiled 'trust proxy' setting: whether the hop at `address` (`hop` from the socket) is trusted. */
type TrustFunction = (address: string, hop: number) => boolean;

const neverTrusted: TrustFunction = () => false;

/** The request's client as resolved by clientAddressMiddleware; from the socket alone if that step has not run. */
export function clientAddressOf(res: Response): ClientAddress {
  const resolved: ClientAddress | undefined = res.locals.clientAddress;
  if (resolved) return resolved;
  return resolveClientAddress({
    socketAddress: res.req.socket.remoteAddress,
    forwardedFor: undefined,
    isTrustedSource: () => false,
    appendedAddresses: 1,
  });
}

function resolveFor(req: Request, trusted: TrustFunction, appendedAddresses: number): ClientAddress {
  return resolveClientAddress({
    socketAddress: req.socket.remoteAddress,
    forwardedFor: req.headers['x-forwarded-for'],
    isTrustedSource: (address) => trusted(address, 0),
    appendedAddresses,
  });
}

/**
 * Installs the client address on `app` (after its 'trust proxy' is set): returns the start step that resolves it
 * for each request, and makes `req.ip` read it.
 */
export function clientAddressMiddleware(app: express.Express, options: { appendedAddresses: number }): RequestHandler {
  const setting: unknown = app.get('trust proxy fn');
  // cast: express compiles every 'trust proxy' value into this (address, hop) => boolean with proxy-addr and stores
  // it as 'trust proxy fn' (express/lib/application.js); the typeof check covers an app that never set one.
  const trusted = typeof setting === 'function' ? (setting as TrustFunction) : neverTrusted;
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: Request): string {
      const resolved: ClientAddress | undefined = this.res?.locals.clientAddress;
      return (resolved ?? resolveFor(this, trusted, options.appendedAddresses)).address;
    },
  });
  return (req, res, next) => {
    res.locals.clientAddress = resolveFor(req, trusted, options.appendedAddresses);
    next();
  };
}
