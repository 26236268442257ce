import type { OperationHandler } from '../pipeline/operation-handler.js';
import type { HandlerDeps } from './index.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/redemptions: arrives with the redemptions issue. */
export function createRedemptionHandler(_deps: HandlerDeps): OperationHandler {
  return notImplemented('createRedemption');
}
