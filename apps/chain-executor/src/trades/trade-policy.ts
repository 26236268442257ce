/*
 * Policy rejection (DESIGN.md §6): a `pending` trade is refused before validation starts when the key that placed it
 * was revoked or expired since, when operations halted trade processing, or — in the sandbox — when it was placed
 * with `X-Service-Simulate: reject` (decision 0023: the sandbox acts as the operator). Pure.
 */
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import type { TradeSimulation } from '#shared/domain/trade-simulation.js';
import type { TradeFailure } from './trade-moves.js';

export function policyRejection(
  key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'> | null,
  halted: boolean,
  now: Date,
  simulation: TradeSimulation | null = null,
): TradeFailure | null {
  if (halted) {
    return { code: 'TRADE_PROCESSING_HALTED', message: 'Trade processing is halted by the operators' };
  }
  if (!key || key.revokedAt !== null) {
    return { code: 'API_KEY_REVOKED', message: 'The API key that placed the trade was revoked before it executed' };
  }
  if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) {
    return { code: 'API_KEY_EXPIRED', message: 'The API key that placed the trade expired before it executed' };
  }
  if (simulation?.kind === 'reject') {
    return {
      code: 'TRADE_REJECTED_BY_OPERATOR',
      message: 'The sandbox rejected the trade as asked (X-Service-Simulate: reject)',
    };
  }
  return null;
}
