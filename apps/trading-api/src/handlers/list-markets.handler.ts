import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/markets: arrives with the read-routes step. */
export function listMarketsHandler(): OperationHandler {
  return notImplemented('listMarkets');
}
