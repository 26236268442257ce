/*
 * One dispatcher at a time per API key (FIFO, never overlapping): a lease in Redis, `SET NX PX` with a random
 * token, renewed while its holder delivers and released by compare-and-delete. A replica that dies loses its
 * lease when it expires; the sweep then wakes the key and another replica delivers the event again (at least
 * once, same evt_ id). Recording an attempt is also conditional on the attempt count, so even a holder that
 * outlived its lease (a long pause) cannot record the same attempt twice.
 *
 * A wake that finds the key held leaves a mark beside the lease (taking the lease and leaving the mark are one
 * script), and releasing the lease reads and clears that mark in one script too: the holder then knows, without a
 * query, whether an event may have arrived after it last read the key's events, and looks again only then.
 */
import { randomBytes } from 'node:crypto';
import { createLuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';

export interface KeyLease {
  /**
   * Extends the lease when a third of it has passed since it was taken or last extended (else a no-op); false when
   * it was lost (expired and taken): stop delivering.
   */
  keepAlive(): Promise<boolean>;
  /** Frees the key; true when a wake found it held meanwhile (the holder should look at the key again). */
  release(): Promise<boolean>;
}

export interface KeyLeases {
  acquire(apiKeyId: string): Promise<KeyLease | null>;
}

const ACQUIRE = `if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then redis.call('DEL', KEYS[2]) return 1 end
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return redis.call('DEL', KEYS[2])`;

/** A wake's mark outlives any lease it could concern (a holder renews its lease; the mark is never renewed). */
const WAKE_MARK_LIFETIMES = 10;

export function createKeyLeases(redis: Redis, leaseMs: number): KeyLeases {
  const acquireScript = createLuaScript(redis, ACQUIRE);
  const renewScript = createLuaScript(redis, RENEW);
  const releaseScript = createLuaScript(redis, RELEASE);
  return {
    async acquire(apiKeyId) {
      const key = `webhooks:lease:${apiKeyId}`;
      const wokenWhileHeld = `webhooks:woken:${apiKeyId}`;
      const token = randomBytes(12).toString('base64url');
      const taken = await acquireScript.run([key, wokenWhileHeld], [token, leaseMs, leaseMs * WAKE_MARK_LIFETIMES]);
      if (Number(taken) !== 1) return null;
      let renewedAt = Date.now();
      let lost = false;
      return {
        keepAlive: async () => {
          // Once lost, always lost: another replica may hold the key now.
          if (lost) return false;
          if (Date.now() - renewedAt < leaseMs / 3) return true;
          renewedAt = Date.now();
          lost = Number(await renewScript.run([key], [token, leaseMs])) !== 1;
          return !lost;
        },
        release: async () => Number(await releaseScript.run([key, wokenWhileHeld], [token])) === 1,
      };
    },
  };
}
