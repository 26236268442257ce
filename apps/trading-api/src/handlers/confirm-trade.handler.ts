import type { Knex } from 'knex';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { requireOwnTrade } from '../use-cases/trade-reads.use-case.js';
import { notImplementedError } from './not-implemented.js';

/**
 * POST /v1/trades/{id}/confirm: the confirmation itself arrives with the high-value confirmation issue; ownership is
 * already enforced (another user's trade is a 404), the caller's own trade answers 501 until then.
 */
export function confirmTradeHandler(deps: { db: Knex }): OperationHandler {
  return async ({ input, auth }) => {
    await requireOwnTrade(deps, { tradeId: String(input.params.id), userId: auth.key.record.userId });
    throw notImplementedError('confirmTrade');
  };
}
