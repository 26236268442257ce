/**
 * Body identity of a create-trade request (spec/trading-api.md "Idempotency"): marketId, outcomeIndex, amount (as a
 * value: `1.5` and `1.50` are the same), side, metadata (a sorted shallow string map) and, when given, expiresAt (as
 * an instant) and limitPrice (as a value). clientRequestId and server-assigned fields are not part of it. Two requests with the same identity
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
  /** USDC atomic per outcome token. */
  limitPrice?: bigint;
}

/** The optional members present, in a fixed order; none present adds nothing, so older requests hash as they did. */
function optionalMembers({ expiresAt, limitPrice }: TradeIdentity): Array<Record<string, string | number>> {
  const members = {
    ...(expiresAt ? { expiresAt: expiresAt.getTime() } : {}),
    ...(limitPrice === undefined ? {} : { limitPrice: limitPrice.toString() }),
  };
  return Object.keys(members).length > 0 ? [members] : [];
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
    ...optionalMembers(identity),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
