/*
 * The optional X-API-Key of the public read API. This is a hook, not an authentication scheme: key verification
 * lands with the trading API (its key repository and HMAC pepper). Until an ApiKeyVerifier is wired in, the header is
 * ignored and every request is anonymous (`_meta.authenticated: false`, per-IP limits) — nothing pretends to verify.
 * With a verifier: a valid key → `_meta.authenticated: true` and that key's per-user limit instead of the per-IP one;
 * a missing, unknown or failing key → anonymous (this API is public, so a bad key is never an error here).
 */
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../../../../shared/src/logger/index.js';

export const API_KEY_HEADER = 'x-api-key';

export interface VerifiedApiKey {
  apiKeyId: string;
  userId: string;
  /** The key's tier or custom per-minute limit (DESIGN.md §6). */
  limitPerMinute: number;
}

export interface ApiKeyVerifier {
  /** The key's identity when `rawKey` is a valid, active key of this environment; null otherwise. */
  verify(rawKey: string): Promise<VerifiedApiKey | null>;
}

export interface PublicAuth {
  authenticated: boolean;
  key?: VerifiedApiKey;
}

const anonymous: PublicAuth = { authenticated: false };

export function authOf(res: Response): PublicAuth {
  return (res.locals.publicAuth as PublicAuth | undefined) ?? anonymous;
}

export function optionalApiKeyMiddleware(verifier: ApiKeyVerifier | undefined, logger: Logger): RequestHandler {
  if (!verifier) {
    // No verifier wired in: nothing to await, every request is anonymous.
    return (_req, res, next) => {
      res.locals.publicAuth = anonymous;
      next();
    };
  }
  return async (req, res, next) => {
    const rawKey = req.get(API_KEY_HEADER);
    res.locals.publicAuth = anonymous;
    if (!rawKey) return next();
    try {
      const key = await verifier.verify(rawKey);
      if (key) res.locals.publicAuth = { authenticated: true, key } satisfies PublicAuth;
    } catch (error) {
      logger.warn({ err: error }, 'API key verification failed; serving the request anonymously');
    }
    next();
  };
}
