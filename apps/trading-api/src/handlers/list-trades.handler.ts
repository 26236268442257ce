import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/trades: arrives with the trades issue. */
export function listTradesHandler(): OperationHandler {
  return notImplemented('listTrades');
}
