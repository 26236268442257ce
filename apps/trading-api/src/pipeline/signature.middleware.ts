import type { RequestHandler } from 'express';
import { verifyRequestSignature } from '../auth/request-signature.js';
import { AppError } from '#shared/errors/app-error.js';
import { refuseAudited, type AuthFailureRecorder } from './auth-failure-recorder.js';
import { rawBodyOf } from '#shared/http/request-body.js';
import { authOf } from './request-context.js';

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
