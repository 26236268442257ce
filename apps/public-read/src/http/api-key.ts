/*
 * The optional X-API-Key of the public read API. A valid, active key of this environment (whose IP allowlist, if any,
 * admits the caller) → `_meta.authenticated: true` and that user's per-minute limit instead of the per-IP one; a
 * missing, malformed, unknown, revoked, expired, other-environment or failing key → anonymous (this API is public,
 * so a bad key is never an error here). Lookup: the shared API-key cache (shared/src/auth/api-key-cache.ts).
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { createApiKeyCache, type StoredApiKey } from '#shared/auth/api-key-cache.js';
import { parseApiKey, type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { addressGroupOf } from '#shared/http/client-address.js';
import { clientAddressOf } from '#shared/http/client-address.js';
import type { Logger } from '#shared/logger/logger.js';
import { createFailedLookupBudget } from './failed-lookup-budget.js';
import { createFailureLog } from '#shared/logger/failure-log.js';

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
  const auth: PublicAuth | undefined = res.locals.publicAuth;
  return auth ?? ANONYMOUS;
}

export function optionalApiKeyMiddleware(verifier: ApiKeyVerifier | undefined, logger: Logger): RequestHandler {
  if (!verifier) {
    // No verifier wired in: nothing to await, every request is anonymous.
    return (_req, res, next) => {
      res.locals.publicAuth = ANONYMOUS;
      next();
    };
  }
  const verificationFailed = createFailureLog(logger, {
    event: 'auth.key_unverified',
    message: 'API key verification failed; serving the request anonymously',
  });
  return async (req, res, next) => {
    const rawKey = req.get(API_KEY_HEADER);
    res.locals.publicAuth = ANONYMOUS;
    if (!rawKey) return next();
    try {
      const key = await verifier.verify(rawKey, clientAddressOf(res).address);
      if (key) res.locals.publicAuth = { authenticated: true, key } satisfies PublicAuth;
    } catch (error) {
      verificationFailed(error);
    }
    next();
  };
}

/** Thrown when a client's failed-lookup budget is spent (nothing is cached; the request is served anonymously). */
class LookupBudgetSpent extends Error {}

/**
 * Verifies keys through the shared API-key cache (5 s, at most 10 000 entries, least recently used evicted first;
 * unknown keys are cached too, so repeating a bad key does not reach MySQL), then checks them here: of this
 * environment, not revoked, not expired, allowing the caller's address. A client cycling through made-up keys is cut
 * off by the failed-lookup budget (failed-lookup-budget.ts), which a lookup that finds an active key refunds.
 */
export function createApiKeyVerifier(options: {
  db: Knex;
  pepper: string;
  /** During a pepper rotation (decision 0030): keys still hashed under it verify and move to `pepper`. */
  previousPepper?: string | undefined;
  env: ApiKeyEnvironment;
  ttlMs?: number;
  now?: () => number;
  failedLookupsPerMinute?: number;
}): ApiKeyVerifier {
  const now = options.now ?? Date.now;
  const budget = createFailedLookupBudget({ perMinute: options.failedLookupsPerMinute, now });
  const keys = createApiKeyCache({
    db: options.db,
    pepper: options.pepper,
    previousPepper: options.previousPepper,
    ttlMs: options.ttlMs,
    now,
  });

  const isActive = (stored: StoredApiKey | null): stored is StoredApiKey =>
    stored !== null &&
    stored.record.env === options.env &&
    !stored.record.revokedAt &&
    !(stored.record.expiresAt && stored.record.expiresAt.getTime() <= now());

  return {
    async verify(rawKey, clientIp = '') {
      // The failed-lookup budget is per client (an IPv6 /64); the allowlist matches the exact address.
      const client = addressGroupOf(clientIp);
      const parsed = parseApiKey(rawKey.trim());
      if (!parsed || parsed.env !== options.env) return null;
      let looked = false;
      let stored: StoredApiKey | null;
      try {
        stored = await keys.resolve(parsed.key, () => {
          if (!budget.take(client)) throw new LookupBudgetSpent();
          looked = true;
        });
      } catch (error) {
        if (error instanceof LookupBudgetSpent) return null;
        throw error;
      }
      if (!isActive(stored)) return null;
      if (looked) budget.refund(client);
      if (stored.allowlist !== null && !stored.allowlist.allows(clientIp)) return null;
      return { apiKeyId: stored.record.id, userId: stored.record.userId, limitPerMinute: stored.userRpm };
    },
  };
}
