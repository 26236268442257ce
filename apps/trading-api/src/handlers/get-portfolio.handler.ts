import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/portfolio: arrives with the read-routes step. */
export function getPortfolioHandler(): OperationHandler {
  return notImplemented('getPortfolio');
}
