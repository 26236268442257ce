import type { RequestHandler } from 'express';
import { parseApiKey, type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { type ApiKeyCache, type StoredApiKey } from '#shared/auth/api-key-cache.js';
import { AppError } from '#shared/errors/app-error.js';
import { clientAddressOf } from '#shared/http/client-address.js';
import { refuseAudited, type AuthFailureRecorder } from './auth-failure-recorder.js';
import type { AuthLockout } from './auth-lockout.js';
import { setAuth } from './request-context.js';

export interface AuthenticateDeps {
  serviceEnv: ApiKeyEnvironment;
  keys: ApiKeyCache;
  lockout: AuthLockout;
  recordFailure: AuthFailureRecorder;
  now?: () => number;
}

/** An AppError about a key that matched a stored record (the audit row is attributed to it). */
class KeyFailure extends AppError {
  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    readonly apiKeyId: string | null,
    detail?: string,
  ) {
    super(code, detail === undefined ? {} : { detail });
  }
}

/**
 * The key step, in DESIGN.md order: lockout (429 AUTH_LOCKED_OUT) → format (MISSING, MALFORMED) → lookup (INVALID)
 * → revoked → expired → environment (INVALID, saying so). 401s are audited and counted toward the lockout.
 */
export function authenticateMiddleware(deps: AuthenticateDeps): RequestHandler {
  const now = deps.now ?? Date.now;
  return (req, res, next) => {
    const failed = (error: unknown): Promise<never> =>
      error instanceof AppError && error.status === 401
        ? refuseAudited(deps.recordFailure, res, error, error instanceof KeyFailure ? error.apiKeyId : null)
        : Promise.reject(error);
    const afterLockout = (lockedMs: number): void | Promise<void> => {
      if (lockedMs > 0) {
        throw new AppError('AUTH_LOCKED_OUT', {
          detail: 'Too many authentication failures from this address; try again later.',
          retryAfterSeconds: Math.ceil(lockedMs / 1000),
        });
      }
      const header = req.get('x-api-key');
      const accept = (key: StoredApiKey): void => {
        // cast: accept only runs with the key identify() found for this header, and identify() throws without one.
        setAuth(res, { key, plaintext: header! });
        next();
      };
      let identified: StoredApiKey | Promise<StoredApiKey>;
      try {
        identified = identify(deps, header, now());
      } catch (error) {
        return failed(error);
      }
      // Cached lockout state and key lookups answer synchronously: no promise on the hot path.
      return identified instanceof Promise ? identified.then(accept, failed) : accept(identified);
    };
    const lock = deps.lockout.remainingMs(clientAddressOf(res).address);
    return typeof lock === 'number' ? afterLockout(lock) : lock.then(afterLockout);
  };
}

/** The key presented, checked; synchronous when the lookup is cached, a promise when MySQL must be asked. */
function identify(
  deps: AuthenticateDeps,
  header: string | undefined,
  nowMs: number,
): StoredApiKey | Promise<StoredApiKey> {
  if (header === undefined || header === '') {
    throw new KeyFailure('API_KEY_MISSING', null, 'Send your API key in the X-API-Key header.');
  }
  const parsed = parseApiKey(header);
  if (!parsed) {
    throw new KeyFailure(
      'API_KEY_MALFORMED',
      null,
      'API keys look like svc_live_ or svc_test_ plus 32 letters/digits.',
    );
  }
  const lookup = deps.keys.resolve(parsed.key);
  const check = (resolved: StoredApiKey | null) => checkKey(deps, parsed.env, resolved, nowMs);
  return lookup instanceof Promise ? lookup.then(check) : check(lookup);
}

function checkKey(
  deps: AuthenticateDeps,
  presentedEnv: ApiKeyEnvironment,
  resolved: StoredApiKey | null,
  nowMs: number,
): StoredApiKey {
  if (!resolved) {
    const hint = presentedEnv === deps.serviceEnv ? '' : ` This deployment serves ${deps.serviceEnv} keys.`;
    throw new KeyFailure('API_KEY_INVALID', null, `The API key is not recognised.${hint}`);
  }
  const { record } = resolved;
  if (record.revokedAt) throw new KeyFailure('API_KEY_REVOKED', record.id, 'The API key has been revoked.');
  if (record.expiresAt && record.expiresAt.getTime() <= nowMs) {
    throw new KeyFailure('API_KEY_EXPIRED', record.id, `The API key expired at ${record.expiresAt.toISOString()}.`);
  }
  if (record.env !== deps.serviceEnv) {
    throw new KeyFailure(
      'API_KEY_INVALID',
      record.id,
      `This is a ${record.env} key; this deployment serves the ${deps.serviceEnv} environment (svc_${deps.serviceEnv}_ keys).`,
    );
  }
  return resolved;
}
