import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/portfolio/positions: arrives with the read-routes step. */
export function listPortfolioPositionsHandler(): OperationHandler {
  return notImplemented('listPortfolioPositions');
}
