import type { OperationHandler } from '../pipeline/operation-handler.js';
import type { HandlerDeps } from './index.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/trades: trade creation arrives with the trades issue. */
export function createTradeHandler(_deps: HandlerDeps): OperationHandler {
  return notImplemented('createTrade');
}
