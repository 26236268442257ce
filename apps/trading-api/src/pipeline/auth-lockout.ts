import { randomBytes } from 'node:crypto';
import { createReadThroughCache } from '#shared/cache/read-through-cache.js';
import { addressGroupOf } from '#shared/http/client-address.js';
import type { Logger } from '#shared/logger/logger.js';
import { createLuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';

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
          options.logger.warn({ err: error }, 'auth lockout check skipped: Redis unavailable');
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
        options.logger.warn({ err: error }, 'auth failure not counted: Redis unavailable');
        return 0;
      }
    },
  };
}
