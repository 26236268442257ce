import type { Knex } from 'knex';
import { createReadThroughCache } from '../../../../shared/src/cache/index.js';
import {
  apiKeyCacheId,
  describeApiKey,
  digestsEqual,
  hashApiKey,
  isApiScope,
  type ApiScope,
} from '../../../../shared/src/auth/index.js';
import { findApiKeyByHash } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { ResolvedApiKey } from './request-context.js';

/** How long a lookup (hit or miss) is reused: revocations and limit changes reach every replica within this. */
export const KEY_CACHE_TTL_MS = 5_000;
export const KEY_CACHE_MAX_ENTRIES = 10_000;

export interface ApiKeyResolverOptions {
  db: Knex;
  /** The HMAC pepper of the stored key hashes. */
  pepper: string;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface ApiKeyResolver {
  /** The stored record of a well-formed presented key (null when unknown), from the cache when fresh (then without a promise). */
  resolve(key: string): ResolvedApiKey | null | Promise<ResolvedApiKey | null>;
}

/**
 * Key lookup (by HMAC under the pepper, compared in constant time) behind a small in-process cache filed under
 * apiKeyCacheId, so a cached key costs no HMAC: at most `maxEntries` entries (least recently used evicted first), each reused for
 * `ttlMs` (default 5 s). Unknown keys are cached too, so a flood of bad keys cannot hammer MySQL.
 */
export function createApiKeyResolver(options: ApiKeyResolverOptions): ApiKeyResolver {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? KEY_CACHE_TTL_MS;
  const cache = createReadThroughCache<ResolvedApiKey | null>({
    ttlMs,
    refreshAheadMs: ttlMs / 5,
    maxEntries: options.maxEntries ?? KEY_CACHE_MAX_ENTRIES,
    now,
  });

  async function load(key: string): Promise<ResolvedApiKey | null> {
    try {
      const keyHash = hashApiKey(options.pepper, key);
      const record = await findApiKeyByHash(options.db, keyHash);
      if (!record || !digestsEqual(record.keyHash, keyHash)) return null;
      const described = await describeApiKey(options.db, record, new Date(now()));
      return { ...described, scopes: new Set(record.scopes.filter(isApiScope)) as ReadonlySet<ApiScope> };
    } catch (error) {
      throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'API keys cannot be verified right now.', cause: error });
    }
  }

  return {
    resolve: (key) => cache.get(apiKeyCacheId(key), () => load(key)),
  };
}
