/**
 * One-time confirmation tokens of high-value trades (DESIGN.md §6, docs/decisions/0014). The token is a keyed
 * PRF of the trade id — HMAC-SHA256 under a server secret, 32 bytes, base64url — so the same token can be handed
 * back on an idempotent replay without storing it. Only HMAC(secret, token) is stored; a presented token is checked
 * by recomputing that HMAC and comparing in constant time. The secret derives from the API-key pepper; during a
 * pepper rotation (decision 0030) the previous pepper's secret still opens the tokens it issued.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The secret new tokens are issued under, and the previous pepper's during a rotation. */
export interface ConfirmationKeys {
  current: Buffer;
  previous: Buffer | null;
}

const deriveSecret = (apiKeyPepper: string): Buffer =>
  createHmac('sha256', apiKeyPepper).update('foretell/v1/trade-confirmation').digest();

/** The confirmation keys, derived from the API-key pepper(s) (no extra secret to deploy). */
export function deriveConfirmationKeys(apiKeyPepper: string, previousPepper?: string): ConfirmationKeys {
  return { current: deriveSecret(apiKeyPepper), previous: previousPepper ? deriveSecret(previousPepper) : null };
}

const tokenUnder = (secret: Buffer, tradeId: string): string =>
  createHmac('sha256', secret).update(`token:${tradeId}`).digest('base64url');

const hashUnder = (secret: Buffer, token: string): string =>
  createHmac('sha256', secret).update(`hash:${token}`).digest('hex');

const secretsOf = (keys: ConfirmationKeys): Buffer[] =>
  keys.previous ? [keys.current, keys.previous] : [keys.current];

/** A new trade's token (base64url of 32 bytes, unguessable without the secret) and the hash the trade stores. */
export function issueConfirmationToken(keys: ConfirmationKeys, tradeId: string): { token: string; hash: string } {
  const token = tokenUnder(keys.current, tradeId);
  return { token, hash: hashUnder(keys.current, token) };
}

/**
 * The token a trade was issued, for an idempotent replay: the one under whichever key made `storedHash` (the
 * previous pepper's for a trade placed before the swap); the current key's when neither did.
 */
export function issuedConfirmationToken(keys: ConfirmationKeys, tradeId: string, storedHash: string | null): string {
  for (const secret of secretsOf(keys)) {
    const token = tokenUnder(secret, tradeId);
    if (storedHash !== null && hashMatches(secret, token, storedHash)) return token;
  }
  return tokenUnder(keys.current, tradeId);
}

/** Whether `presented` is the token whose hash is `storedHash`, under either key (constant time in the token). */
export function confirmationTokenMatches(keys: ConfirmationKeys, presented: string, storedHash: string): boolean {
  // Every key is tried, so the time taken does not say which one (if any) matched.
  return secretsOf(keys)
    .map((secret) => hashMatches(secret, presented, storedHash))
    .some(Boolean);
}

function hashMatches(secret: Buffer, token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashUnder(secret, token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
