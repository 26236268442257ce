import { AppError } from '../../../../shared/src/errors/index.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';

/** 501 NOT_IMPLEMENTED for an operation the description already covers (authenticated, scoped, validated). */
export function notImplementedError(operationId: string): AppError {
  return new AppError('NOT_IMPLEMENTED', { detail: `${operationId} is described but not served by this release yet.` });
}

export function notImplemented(operationId: string): OperationHandler {
  return () => Promise.reject(notImplementedError(operationId));
}
