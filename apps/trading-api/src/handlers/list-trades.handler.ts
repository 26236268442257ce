import type { OperationHandler } from '../pipeline/operation-handler.js';
import type { HandlerDeps } from './index.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/trades: arrives with the trades issue. */
export function listTradesHandler(_deps: HandlerDeps): OperationHandler {
  return notImplemented('listTrades');
}
