import { findApiKeyByHash, listActiveKeyLimits, type ApiKeyRecord } from '../db/repositories/api-keys.repository.js';
import type { Queryable } from '../db/transaction.js';
import { hashApiKey, parseApiKey, type ApiKeyEnvironment } from './api-key-format.js';
import { parseIpAllowlist, type IpAllowlist } from './ip-allowlist.js';
import { effectiveRpm } from './tiers.js';

export interface ActiveApiKey {
  record: ApiKeyRecord;
  /** NULL = any address. */
  allowlist: IpAllowlist | null;
  /** The per-user, per-minute limit: the highest effective limit among the user's active keys (tier or custom). */
  userRpm: number;
}

/**
 * Finds the key a request presents when it is well-formed, of `env`, known (HMAC under `pepper`), not revoked and
 * not expired at `now`; null otherwise. It does not say why a key was refused: callers that must (the trading API's
 * 401 codes) do their own checks.
 */
export async function lookUpActiveApiKey(
  db: Queryable,
  pepper: string,
  rawKey: string,
  options: { env: ApiKeyEnvironment; now: Date },
): Promise<ActiveApiKey | null> {
  const parsed = parseApiKey(rawKey.trim());
  if (!parsed || parsed.env !== options.env) return null;
  const record = await findApiKeyByHash(db, hashApiKey(pepper, parsed.key));
  if (!record || record.revokedAt) return null;
  if (record.expiresAt && record.expiresAt.getTime() <= options.now.getTime()) return null;
  return describeApiKey(db, record, options.now);
}

/** A stored key with what it allows: its parsed IP allowlist and its user's per-minute limit at `now`. */
export async function describeApiKey(db: Queryable, record: ApiKeyRecord, now: Date): Promise<ActiveApiKey> {
  const limits = await listActiveKeyLimits(db, record.userId, now);
  const userRpm = Math.max(
    effectiveRpm(record.tier, record.rateLimitRpm),
    ...limits.map((limit) => effectiveRpm(limit.tier, limit.rateLimitRpm)),
  );
  const allowlist = record.ipAllowlist && record.ipAllowlist.length > 0 ? parseIpAllowlist(record.ipAllowlist) : null;
  return { record, allowlist, userRpm };
}
