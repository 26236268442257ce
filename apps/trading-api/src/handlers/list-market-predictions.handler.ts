import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/markets/{id}/predictions: arrives with the read-routes step. */
export function listMarketPredictionsHandler(): OperationHandler {
  return notImplemented('listMarketPredictions');
}
