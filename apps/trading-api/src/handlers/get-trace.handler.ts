import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/traces/{correlationId}: arrives with the trades issue. */
export function getTraceHandler(): OperationHandler {
  return notImplemented('getTrace');
}
