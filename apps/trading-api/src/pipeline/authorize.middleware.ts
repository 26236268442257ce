/* What /v1 checks of an authenticated key, each in its place in V1_ORDER: its IP allowlist, its scope, the request signature. */
import type { RequestHandler, Response } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { clientAddressOf } from '#shared/http/client-address.js';
import { rawBodyOf } from '#shared/http/request-input.js';
import { verifyRequestSignature } from '../auth/request-signature.js';
import { refuseAudited, type AuthFailureRecorder } from './authenticate.middleware.js';
import { authOf } from './operation-handler.js';

export interface AuthorizeDeps {
  recordFailure: AuthFailureRecorder;
  /** Sets the caller's X-RateLimit-* without counting (the operation's limiter's reportWindow). */
  reportWindow(res: Response): Promise<void>;
}

/** Audits the refusal and reports the user's window (known by now), then rejects with the error. */
async function refuse(deps: AuthorizeDeps, res: Response, error: AppError): Promise<never> {
  await deps.reportWindow(res);
  return refuseAudited(deps.recordFailure, res, error, authOf(res).key.record.id);
}

/**
 * IP allowlist (403 IP_NOT_ALLOWED), before the scope and the rate limiter (DESIGN.md §6 precedence): a key used
 * from an address it does not accept (a leaked key) spends none of its user's quota; the 403 still reports the
 * user's window. Audited; does not count toward the lockout.
 */
export function ipAllowlistMiddleware(deps: AuthorizeDeps): RequestHandler {
  return (_req, res, next) => {
    const { key } = authOf(res);
    // Exact: the client's own address against the key's addresses and CIDRs (no /64 widening here).
    if (!key.allowlist || key.allowlist.allows(clientAddressOf(res).address)) {
      next();
      return;
    }
    const error = new AppError('IP_NOT_ALLOWED', {
      detail: 'This API key does not accept requests from your address.',
    });
    return refuse(deps, res, error);
  };
}

/**
 * Scope (403 INSUFFICIENT_SCOPE) of an operation's declared scope, after the allowlist and before the rate limiter
 * (DESIGN.md §6 precedence): not counted, but it reports the user's window. Audited; does not count toward the
 * lockout.
 */
export function scopeMiddleware(deps: AuthorizeDeps): (scope: string) => RequestHandler {
  return (scope) => (_req, res, next) => {
    const granted: ReadonlySet<string> = authOf(res).key.scopes;
    if (granted.has(scope)) {
      next();
      return;
    }
    const error = new AppError('INSUFFICIENT_SCOPE', {
      detail: `This operation requires the ${scope} scope.`,
      extensions: { requiredScope: scope },
    });
    return refuse(deps, res, error);
  };
}

const reasons = {
  malformed: 'The X-Service-Signature header is not of the form t=<unix-ms>,v1=<hex>.',
  stale: 'The signature timestamp is more than 5 minutes from the server clock (t is in milliseconds).',
  mismatch: 'No v1 signature matches the request.',
} as const;

/**
 * Optional body signing: absent header passes; a present one must verify over `<t>.<METHOD>.<path>.<raw body>`
 * keyed by the plaintext API key (401 REQUEST_SIGNATURE_INVALID with `extensions.reason`, audited, counted).
 */
export function signatureMiddleware(deps: { recordFailure: AuthFailureRecorder; now?: () => number }): RequestHandler {
  const now = deps.now ?? Date.now;
  return (req, res, next) => {
    const header = req.get('x-service-signature');
    if (header === undefined) {
      next();
      return;
    }
    const auth = authOf(res);
    const check = verifyRequestSignature(
      header,
      auth.plaintext,
      { method: req.method, path: req.originalUrl.split('?', 1)[0] ?? '', rawBody: rawBodyOf(res) },
      now(),
    );
    if (check.valid) {
      next();
      return;
    }
    const error = new AppError('REQUEST_SIGNATURE_INVALID', {
      detail: reasons[check.reason],
      extensions: { reason: check.reason },
    });
    return refuseAudited(deps.recordFailure, res, error, auth.key.record.id);
  };
}
