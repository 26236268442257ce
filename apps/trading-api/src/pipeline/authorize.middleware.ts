import type { RequestHandler } from 'express';
import { AppError } from '../../../../shared/src/errors/index.js';
import { refuseAudited, type AuthFailureRecorder } from './auth-failure-recorder.js';
import { authOf, operationOf } from './request-context.js';

/**
 * IP allowlist (403 IP_NOT_ALLOWED). Runs before the rate limiter: a key used from an address it does not accept
 * (a leaked key) must not spend its user's quota, so this 403 carries no X-RateLimit-* headers. Audited; does not
 * count toward the lockout.
 */
export function ipAllowlistMiddleware(deps: { recordFailure: AuthFailureRecorder }): RequestHandler {
  return (req, res, next) => {
    const { key } = authOf(res);
    if (!key.allowlist || key.allowlist.allows(req.ip ?? '')) {
      next();
      return;
    }
    const error = new AppError('IP_NOT_ALLOWED', {
      detail: 'This API key does not accept requests from your address.',
    });
    return refuseAudited(deps.recordFailure, req, res, error, key.record.id);
  };
}

/**
 * Scope (403 INSUFFICIENT_SCOPE). Runs after the rate limiter: the key is the user's own, used from an accepted
 * address, so the refusal counts toward the user's limit and carries X-RateLimit-*. Fails closed: an operation
 * that reaches this step without a scope is refused. Audited; does not count toward the lockout.
 */
export function scopeMiddleware(deps: { recordFailure: AuthFailureRecorder }): RequestHandler {
  return (req, res, next) => {
    const { key } = authOf(res);
    const operation = operationOf(res);
    if (operation.scope !== null && key.scopes.has(operation.scope)) {
      next();
      return;
    }
    const error = new AppError('INSUFFICIENT_SCOPE', {
      detail: `This operation requires the ${operation.scope ?? '(undeclared)'} scope.`,
      extensions: { requiredScope: operation.scope },
    });
    return refuseAudited(deps.recordFailure, req, res, error, key.record.id);
  };
}
