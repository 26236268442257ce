import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/markets/{id}/quote: arrives with the read-routes step. */
export function getMarketQuoteHandler(): OperationHandler {
  return notImplemented('getMarketQuote');
}
