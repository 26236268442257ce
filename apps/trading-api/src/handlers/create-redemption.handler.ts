import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/redemptions: arrives with the redemptions issue. */
export function createRedemptionHandler(): OperationHandler {
  return notImplemented('createRedemption');
}
