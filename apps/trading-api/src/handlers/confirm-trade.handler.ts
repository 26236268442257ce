import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/trades/{id}/confirm: arrives with the high-value confirmation issue. */
export function confirmTradeHandler(): OperationHandler {
  return notImplemented('confirmTrade');
}
