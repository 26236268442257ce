import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/trades: trade creation arrives with the trades issue. */
export function createTradeHandler(): OperationHandler {
  return notImplemented('createTrade');
}
