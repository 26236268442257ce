import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/trades/{id}: arrives with the trades issue. */
export function getTradeHandler(): OperationHandler {
  return notImplemented('getTrade');
}
