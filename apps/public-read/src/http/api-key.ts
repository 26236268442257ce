/*
 * The optional X-API-Key of the public read API. A valid, active key of this environment (whose IP allowlist, if any,
 * admits the caller) → `_meta.authenticated: true` and that user's per-minute limit instead of the per-IP one; a
 * missing, malformed, unknown, revoked, expired, other-environment or failing key → anonymous (this API is public,
 * so a bad key is never an error here). Verification: shared/src/auth/api-key-lookup.ts behind a short cache.
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { apiKeyCacheId, lookUpActiveApiKey, type ApiKeyEnvironment } from '../../../../shared/src/auth/index.js';
import { createReadThroughCache } from '../../../../shared/src/cache/index.js';
import type { Logger } from '../../../../shared/src/logger/index.js';
import { createFailedLookupBudget } from './failed-lookup-budget.js';

export const API_KEY_HEADER = 'x-api-key';

export interface VerifiedApiKey {
  apiKeyId: string;
  userId: string;
  /** The key's tier or custom per-minute limit (DESIGN.md §6). */
  limitPerMinute: number;
}

export interface ApiKeyVerifier {
  /**
   * The key's identity when `rawKey` is a valid, active key of this environment whose allowlist (if any) admits
   * `clientIp`; null otherwise.
   */
  verify(rawKey: string, clientIp?: string): Promise<VerifiedApiKey | null>;
}

export interface PublicAuth {
  authenticated: boolean;
  key?: VerifiedApiKey;
}

export const ANONYMOUS: PublicAuth = { authenticated: false };

export function authOf(res: Response): PublicAuth {
  return (res.locals.publicAuth as PublicAuth | undefined) ?? ANONYMOUS;
}

export function optionalApiKeyMiddleware(verifier: ApiKeyVerifier | undefined, logger: Logger): RequestHandler {
  if (!verifier) {
    // No verifier wired in: nothing to await, every request is anonymous.
    return (_req, res, next) => {
      res.locals.publicAuth = ANONYMOUS;
      next();
    };
  }
  return async (req, res, next) => {
    const rawKey = req.get(API_KEY_HEADER);
    res.locals.publicAuth = ANONYMOUS;
    if (!rawKey) return next();
    try {
      const key = await verifier.verify(rawKey, req.ip);
      if (key) res.locals.publicAuth = { authenticated: true, key } satisfies PublicAuth;
    } catch (error) {
      logger.warn({ err: error }, 'API key verification failed; serving the request anonymously');
    }
    next();
  };
}

/** How long a lookup (hit or miss) is reused: a revocation reaches every replica within this. */
export const VERIFIED_KEY_TTL_MS = 5_000;
const MAX_CACHED_KEYS = 10_000;

interface VerifiedLookup {
  key: VerifiedApiKey;
  allows: (ip: string) => boolean;
}

/** Thrown by a lookup its client may not make (never cached; the request is served anonymously). */
class LookupBudgetSpent extends Error {}

/**
 * Verifies keys against MySQL (HMAC under API_KEY_PEPPER, as the trading API stores them) behind a small in-process
 * cache (5 s, at most 10 000 entries, least recently used evicted first). Unknown keys are cached too, so repeating
 * a bad key does not reach MySQL; a client cycling through made-up keys is cut off by the failed-lookup budget
 * (failed-lookup-budget.ts). A failed lookup is not cached (and the middleware serves that request anonymously).
 */
export function createApiKeyVerifier(options: {
  db: Knex;
  pepper: string;
  env: ApiKeyEnvironment;
  ttlMs?: number;
  now?: () => number;
  failedLookupsPerMinute?: number;
}): ApiKeyVerifier {
  const now = options.now ?? Date.now;
  const budget = createFailedLookupBudget({ perMinute: options.failedLookupsPerMinute, now });
  // Cached under apiKeyCacheId: no HMAC per request, no plaintext key kept in memory.
  const cache = createReadThroughCache<VerifiedLookup | null>({
    ttlMs: options.ttlMs ?? VERIFIED_KEY_TTL_MS,
    maxEntries: MAX_CACHED_KEYS,
    now,
    refreshAheadMs: (options.ttlMs ?? VERIFIED_KEY_TTL_MS) / 5,
  });

  async function load(rawKey: string, client: string): Promise<VerifiedLookup | null> {
    if (!budget.take(client)) throw new LookupBudgetSpent();
    const active = await lookUpActiveApiKey(options.db, options.pepper, rawKey, {
      env: options.env,
      now: new Date(now()),
    });
    if (!active) return null;
    budget.refund(client);
    const { record, allowlist, userRpm } = active;
    return {
      key: { apiKeyId: record.id, userId: record.userId, limitPerMinute: userRpm },
      allows: (ip) => allowlist === null || allowlist.allows(ip),
    };
  }

  return {
    async verify(rawKey, clientIp = '') {
      let found: VerifiedLookup | null;
      try {
        found = await cache.get(apiKeyCacheId(rawKey), () => load(rawKey, clientIp));
      } catch (error) {
        if (error instanceof LookupBudgetSpent) return null;
        throw error;
      }
      if (!found) return null;
      if (found.allows(clientIp)) return found.key;
      return null;
    },
  };
}
