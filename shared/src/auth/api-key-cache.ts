/*
 * The one API-key cache of both APIs: a presented key's stored record (by HMAC under the pepper, compared in
 * constant time) with what it allows, behind a small in-process read-through cache filed under apiKeyCacheId, so a
 * cached key costs no HMAC and a fresh hit answers without a promise. Unknown keys are cached too, so a flood of bad
 * keys cannot hammer MySQL. Each API applies its own rules to what comes back: the trading API refuses with 401
 * codes, the public read API serves anonymously.
 *
 * Pepper rotation (docs/decisions/0030): with a previous pepper, a key not found under the current one is looked up
 * under the previous one and, when found, re-hashed to the current pepper on the spot (a peppered hash cannot be
 * recomputed without the plaintext, so keys move as they are used). Every verified key is tagged with its pepper's
 * fingerprint, which is how `foretell-admin secrets status` counts the keys a rotation still waits for.
 */
import type { Knex } from 'knex';
import { createReadThroughCache } from '../cache/read-through-cache.js';
import { rehashApiKey, tagApiKeyPepper } from '../db/api-keys/api-key-secrets.repository.js';
import { isDeadlockError } from '../db/mysql-errors.js';
import { findApiKeyByHash, listActiveKeyLimits } from '../db/api-keys/api-keys.repository.js';
import { type ApiKeyRecord } from '../db/api-keys/api-key-rows.js';
import { AppError } from '../errors/app-error.js';
import { apiKeyCacheId, digestsEqual, hashApiKey, pepperIdOf } from './api-key-format.js';
import { parseIpAllowlist, type IpAllowlist } from './ip-allowlist.js';
import { effectiveRpm, isApiScope, type ApiScope } from './tiers.js';

/** How long a lookup (hit or miss) is reused: revocations and limit changes reach every replica within this. */
export const API_KEY_CACHE_TTL_MS = 5_000;
export const API_KEY_CACHE_MAX_ENTRIES = 10_000;

/** A stored key (revoked and expired ones included: callers decide) with what it allows. */
export interface StoredApiKey {
  record: ApiKeyRecord;
  scopes: ReadonlySet<ApiScope>;
  /** NULL = any address. */
  allowlist: IpAllowlist | null;
  /** The per-user, per-minute limit: the highest effective limit among the user's active keys (tier or custom). */
  userRpm: number;
}

export interface ApiKeyCacheOptions {
  db: Knex;
  /** The HMAC pepper of the stored key hashes (API_KEY_PEPPER). */
  pepper: string;
  /** During a rotation, the pepper keys not yet re-hashed were hashed with (API_KEY_PEPPER_PREVIOUS). */
  previousPepper?: string | undefined;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface ApiKeyCache {
  /**
   * The stored key of a well-formed presented key (null when unknown), from the cache when fresh (then without a
   * promise). `beforeLookup` runs before MySQL is asked (a cache miss) and may throw to refuse that lookup; the
   * promise rejects with its error, and nothing is cached. A failed lookup is never cached and rejects with DEPENDENCY_UNAVAILABLE.
   */
  resolve(key: string, beforeLookup?: () => void): StoredApiKey | null | Promise<StoredApiKey | null>;
}

/**
 * Replicas writing the same key row at the same moment (a rehash or tag of a key they all just verified) can be
 * picked as deadlock victims: the survivor writes the row, and the key is verified all the same, so a victim only
 * moves on. Any other failure is thrown.
 */
function unlessRacedDeadlock(error: unknown): void {
  if (!isDeadlockError(error)) throw error;
}

export function createApiKeyCache(options: ApiKeyCacheOptions): ApiKeyCache {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? API_KEY_CACHE_TTL_MS;
  const cache = createReadThroughCache<StoredApiKey | null>({
    ttlMs,
    refreshAheadMs: ttlMs / 5,
    maxEntries: options.maxEntries ?? API_KEY_CACHE_MAX_ENTRIES,
    now,
  });

  const pepperId = pepperIdOf(options.pepper);

  /** The stored key whose hash under `pepper` is that of `key`, or null. */
  async function lookUp(pepper: string, key: string): Promise<{ record: ApiKeyRecord; keyHash: string } | null> {
    const keyHash = hashApiKey(pepper, key);
    const record = await findApiKeyByHash(options.db, keyHash);
    return record && digestsEqual(record.keyHash, keyHash) ? { record, keyHash } : null;
  }

  /** The key's record under the current pepper, moving it there from the previous one when that is where it is. */
  async function find(key: string): Promise<ApiKeyRecord | null> {
    const current = await lookUp(options.pepper, key);
    if (current) {
      if (current.record.pepperId !== pepperId) {
        await tagApiKeyPepper(options.db, current.record.id, current.keyHash, pepperId).catch(unlessRacedDeadlock);
      }
      return { ...current.record, pepperId };
    }
    if (options.previousPepper === undefined) return null;
    const previous = await lookUp(options.previousPepper, key);
    if (!previous) {
      // Another replica may have moved the key between the two lookups: the move is one UPDATE, so look again.
      const moved = await lookUp(options.pepper, key);
      return moved ? { ...moved.record, pepperId } : null;
    }
    const keyHash = hashApiKey(options.pepper, key);
    await rehashApiKey(options.db, {
      id: previous.record.id,
      fromHash: previous.keyHash,
      toHash: keyHash,
      pepperId,
    }).catch(unlessRacedDeadlock);
    return { ...previous.record, keyHash, pepperId };
  }

  async function load(key: string): Promise<StoredApiKey | null> {
    try {
      const record = await find(key);
      if (!record) return null;
      const limits = await listActiveKeyLimits(options.db, record.userId, new Date(now()));
      const userRpm = Math.max(
        effectiveRpm(record.tier, record.rateLimitRpm),
        ...limits.map((limit) => effectiveRpm(limit.tier, limit.rateLimitRpm)),
      );
      const allowlist = record.ipAllowlist?.length ? parseIpAllowlist(record.ipAllowlist) : null;
      return { record, scopes: new Set(record.scopes.filter(isApiScope)), allowlist, userRpm };
    } catch (error) {
      throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'API keys cannot be verified right now.', cause: error });
    }
  }

  return {
    resolve: (key, beforeLookup) =>
      cache.get(apiKeyCacheId(key), async () => {
        beforeLookup?.();
        return load(key);
      }),
  };
}
