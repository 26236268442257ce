/*
 * The optional controls of a create-trade request (issue 31), checked as the use case needs them: the client's
 * execution deadline (`expiresAt`) and price limit (`limitPrice`). Pure.
 */
import { invalidBodyMember, parseUsdcAmount, USDC_ATOMIC_PER_UNIT } from '#shared/domain/trade-amount.js';

/** How far ahead a client may set its trade's execution deadline. */
const MAX_EXPIRES_AHEAD_MS = 60 * 60 * 1000;

/** A new trade's `expiresAt` must lie in the future and at most an hour ahead (a replay is never refused for it). */
export function assertExpiresAt({ expiresAt, now }: { expiresAt?: Date | undefined; now: Date }): void {
  if (!expiresAt) return;
  const ahead = expiresAt.getTime() - now.getTime();
  if (ahead > 0 && ahead <= MAX_EXPIRES_AHEAD_MS) return;
  throw invalidBodyMember('expiresAt', `must be in the future and at most one hour ahead (now ${now.toISOString()})`);
}

/** `limitPrice` in USDC atomic per token: 400 VALIDATION_FAILED unless strictly between 0 and 1 with ≤ 6 decimals. */
export function parseLimitPrice(text: string): bigint {
  const atomic = parseUsdcAmount(text, 'limitPrice');
  if (atomic < USDC_ATOMIC_PER_UNIT) return atomic;
  throw invalidBodyMember('limitPrice', 'must be strictly between 0 and 1');
}
