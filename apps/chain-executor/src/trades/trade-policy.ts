/*
 * Policy rejection (DESIGN.md §6): a `pending` trade is refused before validation starts when the key that placed it
 * was revoked or expired since, or when operations halted trade processing. Pure.
 */
import type { ApiKeyRecord } from '#shared/db/index.js';
import type { TradeFailure } from './trade-moves.js';

export function policyRejection(
  key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'> | null,
  halted: boolean,
  now: Date,
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
  return null;
}
