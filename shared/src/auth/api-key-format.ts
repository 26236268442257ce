import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../ids/ids.js';

export const apiKeyEnvironments = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];

/** `svc_live_` or `svc_test_` followed by exactly 32 base62 characters. */
export const API_KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{32}$/;
const SECRET_LENGTH = 32;

export interface ParsedApiKey {
  key: string;
  env: ApiKeyEnvironment;
  last4: string;
}

/** Checks the whole format; returns the environment the prefix names, or null for a malformed key. */
export function parseApiKey(raw: string): ParsedApiKey | null {
  const named = API_KEY_PATTERN.exec(raw)?.[1];
  const env = apiKeyEnvironments.find((candidate) => candidate === named);
  return env === undefined ? null : { key: raw, env, last4: raw.slice(-4) };
}

/** A fresh plaintext key (~190 bits of entropy). Shown once at issuance, never stored. */
export function generateApiKey(env: ApiKeyEnvironment): string {
  return `svc_${env}_${randomBase62(SECRET_LENGTH)}`;
}

/** The stored form: HMAC-SHA256 under the server-side pepper, 64 lower-case hex characters. */
export function hashApiKey(pepper: string, key: string): string {
  return createHmac('sha256', pepper).update(key, 'utf8').digest('hex');
}

/**
 * A public fingerprint of a pepper (16 hex characters of an HMAC under it): stored with each key hash so operators can
 * count the keys a rotation has not yet moved to the new pepper (docs/decisions/0030). It reveals nothing about the
 * pepper, and nothing about any key.
 */
export function pepperIdOf(pepper: string): string {
  return createHmac('sha256', pepper).update('foretell/v1/pepper-id', 'utf8').digest('hex').slice(0, 16);
}

/**
 * What in-process caches file a presented key under: its SHA-256 (a one-shot hash, several times cheaper than
 * creating an HMAC), so a cached key skips the HMAC on every request and no cache holds a plaintext key.
 */
export function apiKeyCacheId(key: string): string {
  return hash('sha256', key, 'base64url');
}

/** Constant-time comparison of two hex digests (false for different lengths, without an early exit on content). */
export function digestsEqual(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  if (expected.length !== actual.length || expected.length === 0) return false;
  return timingSafeEqual(expected, actual);
}
