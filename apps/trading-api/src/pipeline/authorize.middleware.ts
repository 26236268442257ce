import type { RequestHandler } from 'express';
import { AppError } from '../../../../shared/src/errors/index.js';
import { refuseAudited, type AuthFailureRecorder } from './auth-failure-recorder.js';
import { authOf, operationOf } from './request-context.js';

/**
 * IP allowlist (403 IP_NOT_ALLOWED), then scope (403 INSUFFICIENT_SCOPE). Fails closed: an operation that reaches
 * this step without a scope is refused. Both are audited; neither counts toward the lockout.
 */
export function authorizeMiddleware(deps: { recordFailure: AuthFailureRecorder }): RequestHandler {
  return (req, res, next) => {
    const { key } = authOf(res);
    const operation = operationOf(res);
    let error: AppError | undefined;
    if (key.allowlist && !key.allowlist.allows(req.ip ?? '')) {
      error = new AppError('IP_NOT_ALLOWED', { detail: 'This API key does not accept requests from your address.' });
    } else if (operation.scope === null || !key.scopes.has(operation.scope)) {
      error = new AppError('INSUFFICIENT_SCOPE', {
        detail: `This operation requires the ${operation.scope ?? '(undeclared)'} scope.`,
        extensions: { requiredScope: operation.scope },
      });
    }
    if (!error) {
      next();
      return;
    }
    return refuseAudited(deps.recordFailure, req, res, error, key.record.id);
  };
}
