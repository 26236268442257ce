/**
 * One-time confirmation tokens of high-value trades (DESIGN.md §6, docs/decisions/0014). The token is a keyed
 * PRF of the trade id — HMAC-SHA256 under a server secret, 32 bytes, base64url — so the same token can be handed
 * back on an idempotent replay without storing it. Only HMAC(secret, token) is stored; a presented token is checked
 * by recomputing that HMAC and comparing in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The confirmation key, derived from the API-key pepper (no extra secret to deploy). */
export function deriveConfirmationSecret(apiKeyPepper: string): Buffer {
  return createHmac('sha256', apiKeyPepper).update('foretell/v1/trade-confirmation').digest();
}

/** The token of a trade: base64url of 32 bytes, unguessable without the secret. */
export function confirmationTokenOf(secret: Buffer, tradeId: string): string {
  return createHmac('sha256', secret).update(`token:${tradeId}`).digest('base64url');
}

/** What the trades table stores: hex HMAC of the token. */
export function hashConfirmationToken(secret: Buffer, token: string): string {
  return createHmac('sha256', secret).update(`hash:${token}`).digest('hex');
}

/** Whether `presented` is the token whose hash is `storedHash` (constant time in the token). */
export function confirmationTokenMatches(secret: Buffer, presented: string, storedHash: string): boolean {
  const actual = Buffer.from(hashConfirmationToken(secret, presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
