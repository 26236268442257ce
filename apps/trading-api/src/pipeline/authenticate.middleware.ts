import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { type ApiKeyCache, type StoredApiKey } from '#shared/auth/api-key-cache.js';
import { parseApiKey, type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { createReadThroughCache } from '#shared/cache/read-through-cache.js';
import { AppError } from '#shared/errors/app-error.js';
import { clientAddressOf, addressGroupOf } from '#shared/http/client-address.js';
import { requestIdOf } from '#shared/http/request-id.middleware.js';
import type { Logger } from '#shared/logger/logger.js';
import { type Redis } from '#shared/redis/create-redis.js';
import { createLuaScript } from '#shared/redis/lua-script.js';
import { recordAuthFailure } from '../db/auth-failures/auth-failures.repository.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import { setAuth, operationOf } from './operation-handler.js';
import { createFailureLog } from '#shared/logger/failure-log.js';

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

export interface AuthLockoutPolicy {
  /** 401s from one IP within `windowMs` that trigger a lockout. */
  threshold: number;
  windowMs: number;
  lockoutMs: number;
}

/** DESIGN.md §6: 20 authentication failures in 5 minutes lock the IP out for 15 minutes. */
export const DEFAULT_LOCKOUT_POLICY: AuthLockoutPolicy = {
  threshold: 20,
  windowMs: 5 * 60_000,
  lockoutMs: 15 * 60_000,
};

/**
 * KEYS: failures zset, lock. ARGV: now, member, windowMs, threshold, lockoutMs, lock end. Returns the lockout it
 * started (ms) or 0. The lock holds its end time on the caller's clock (like the failure scores), so lock checks
 * follow that clock; its Redis expiry only collects it.
 */
const RECORD_FAILURE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('PEXPIRE', KEYS[1], window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  redis.call('SET', KEYS[2], ARGV[6], 'PX', tonumber(ARGV[5]))
  redis.call('DEL', KEYS[1])
  return tonumber(ARGV[5])
end
return 0
`;

/**
 * How long a replica reuses an IP's lock state read from Redis: a lockout started on another replica applies here
 * within this bound; one started on this replica applies at once. Spares every authenticated request a Redis call.
 */
export const LOCK_STATE_CACHE_MS = 1_000;

/**
 * Per-client brute-force lockout in Redis, shared by every replica. `ip` is the client's address (clientAddressOf);
 * a client is an IPv4 address or an IPv6 /64 (addressGroupOf), so an IPv6 caller cannot rotate through its own
 * network's addresses to keep guessing.
 */
export interface AuthLockout {
  /**
   * Milliseconds the client stays locked out (0 = not locked); a number when the state is cached (the common case),
   * a promise when Redis must be asked. Fails open (0) when Redis is unavailable.
   */
  remainingMs(ip: string): number | Promise<number>;
  /** Counts one 401 from `ip`'s client; returns the lockout it started (ms) or 0. */
  recordFailure(ip: string): Promise<number>;
}

/** End times are epoch milliseconds (> 1e12 since 2001); anything smaller is an earlier release's flag value. */
const LEGACY_LOCK_VALUE_BELOW = 1e12;

export function createAuthLockout(options: {
  redis: Redis;
  logger: Logger;
  policy?: AuthLockoutPolicy;
  now?: () => number;
}): AuthLockout {
  const policy = options.policy ?? DEFAULT_LOCKOUT_POLICY;
  const now = options.now ?? Date.now;
  const { redis } = options;
  const lockCheckSkipped = createFailureLog(options.logger, {
    event: 'auth.lockout_unread',
    message: 'auth lockout check skipped: Redis unavailable',
  });
  const failureNotCounted = createFailureLog(options.logger, {
    event: 'auth.failure_uncounted',
    message: 'auth failure not counted: Redis unavailable',
  });
  const recordFailureScript = createLuaScript(redis, RECORD_FAILURE_SCRIPT);
  const lockKey = (ip: string) => `authlock:ip:${ip}`;
  /** ip → the time its lock ends (0 = not locked), as last read from Redis. */
  const lockedUntil = createReadThroughCache<number>({
    ttlMs: LOCK_STATE_CACHE_MS,
    maxEntries: 10_000,
    now,
    refreshAheadMs: LOCK_STATE_CACHE_MS / 4,
  });
  const failuresKey = (ip: string) => `authfail:ip:${ip}`;
  /**
   * When `ip`'s lock ends (0 = none). A lock written by an earlier release holds `1` rather than its end time: it
   * ends with its key, so its end is now + the key's remaining life (a rollout must not lift active lockouts).
   */
  const readLockEnd = async (ip: string): Promise<number> => {
    const value = Number((await redis.get(lockKey(ip))) ?? 0) || 0;
    if (value === 0 || value >= LEGACY_LOCK_VALUE_BELOW) return value;
    return now() + Math.max(0, await redis.pttl(lockKey(ip)));
  };

  return {
    remainingMs(ip) {
      const client = addressGroupOf(ip);
      const until = lockedUntil.get(client, () => readLockEnd(client));
      if (typeof until === 'number') return Math.max(0, until - now());
      return until.then(
        (end) => Math.max(0, end - now()),
        (error: unknown) => {
          lockCheckSkipped(error);
          return 0;
        },
      );
    },
    async recordFailure(ip) {
      const client = addressGroupOf(ip);
      try {
        const at = now();
        const member = `${at}:${randomBytes(4).toString('hex')}`;
        const lockedMs = Number(
          await recordFailureScript.run(
            [failuresKey(client), lockKey(client)],
            [at, member, policy.windowMs, policy.threshold, policy.lockoutMs, at + policy.lockoutMs],
          ),
        );
        lockedUntil.delete(client);
        return lockedMs;
      } catch (error) {
        failureNotCounted(error);
        return 0;
      }
    },
  };
}

export interface AuthFailureEvent {
  error: AppError;
  /** The client's address (clientAddressOf): audited as is; the lockout counts its group (an IPv6 /64). */
  ip: string;
  route: string;
  requestId: string;
  /** The key the request presented, when it matched one. */
  apiKeyId: string | null;
}

export type AuthFailureRecorder = (event: AuthFailureEvent) => Promise<void>;

/**
 * Every authentication or authorisation failure is written to the auth_failures audit log (per key, or per IP when
 * no key matched) and counted in the key's usage. Only 401s count toward the per-IP lockout. Recording never turns
 * the original failure into another error.
 */
export function createAuthFailureRecorder(deps: {
  db: Knex;
  lockout: AuthLockout;
  usage: UsageRecorder;
  logger: Logger;
}): AuthFailureRecorder {
  const notRecorded = createFailureLog(deps.logger, {
    event: 'auth.failure_unrecorded',
    message: 'auth failure not recorded',
  });
  return async (event) => {
    const writes: Array<Promise<unknown>> = [
      recordAuthFailure(deps.db, {
        apiKeyId: event.apiKeyId,
        ip: event.ip,
        code: event.error.code,
        route: event.route,
        requestId: event.requestId,
      }),
    ];
    if (event.error.status === 401) writes.push(deps.lockout.recordFailure(event.ip));
    if (event.apiKeyId) deps.usage.recordAuthFailure(event.apiKeyId);
    const results = await Promise.allSettled(writes);
    for (const result of results) {
      if (result.status === 'rejected') notRecorded(result.reason, { requestId: event.requestId });
    }
  };
}

/** Records the refusal of this request (its address, operation and request id), then rejects with the error itself. */
export async function refuseAudited(
  record: AuthFailureRecorder,
  res: Response,
  error: AppError,
  apiKeyId: string | null,
): Promise<never> {
  const ip = clientAddressOf(res).address;
  await record({ error, ip, route: operationOf(res).routeId, requestId: requestIdOf(res), apiKeyId });
  throw error;
}
