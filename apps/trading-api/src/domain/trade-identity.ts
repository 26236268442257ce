/**
 * Body identity of a create-trade request (spec/trading-api.md "Idempotency"): marketId, outcomeIndex, amount (as a
 * value: `1.5` and `1.50` are the same), side, metadata (a sorted shallow string map) and, when given, expiresAt (as
 * an instant). clientRequestId and server-assigned fields are not part of it. Two requests with the same identity
 * hash are the same trade; a request without the optional members hashes as it always did.
 */
import { createHash } from 'node:crypto';

export interface TradeIdentity {
  marketId: string;
  outcomeIndex: number;
  amountAtomic: bigint;
  side: 'buy' | 'sell';
  metadata: Record<string, string>;
  expiresAt?: Date;
}

/** SHA-256 hex of the canonical identity. */
export function tradeIdentityHash(identity: TradeIdentity): string {
  const metadata = Object.keys(identity.metadata)
    .sort()
    .map((key) => [key, identity.metadata[key]]);
  const canonical = JSON.stringify([
    identity.marketId.toLowerCase(),
    identity.outcomeIndex,
    identity.amountAtomic.toString(),
    identity.side,
    metadata,
    ...(identity.expiresAt ? [{ expiresAt: identity.expiresAt.getTime() }] : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
