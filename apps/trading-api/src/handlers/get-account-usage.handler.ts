import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/account/usage: arrives with the read-routes step. */
export function getAccountUsageHandler(): OperationHandler {
  return notImplemented('getAccountUsage');
}
