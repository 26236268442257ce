/*
 * One dispatcher at a time per API key (FIFO, never overlapping): a lease in Redis, `SET NX PX` with a random
 * token, renewed while its holder delivers and released by compare-and-delete. A replica that dies loses its
 * lease when it expires; the sweep then wakes the key and another replica delivers the event again (at least
 * once, same evt_ id). Recording an attempt is also conditional on the attempt count, so even a holder that
 * outlived its lease (a long pause) cannot record the same attempt twice.
 */
import { randomBytes } from 'node:crypto';
import { createLuaScript, type Redis } from '#shared/redis/index.js';

export interface KeyLease {
  /**
   * Extends the lease when a third of it has passed since it was taken or last extended (else a no-op); false when
   * it was lost (expired and taken): stop delivering.
   */
  keepAlive(): Promise<boolean>;
  release(): Promise<void>;
}

export interface KeyLeases {
  acquire(apiKeyId: string): Promise<KeyLease | null>;
}

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export function createKeyLeases(redis: Redis, leaseMs: number): KeyLeases {
  const renewScript = createLuaScript(redis, RENEW);
  const releaseScript = createLuaScript(redis, RELEASE);
  return {
    async acquire(apiKeyId) {
      const key = `webhooks:lease:${apiKeyId}`;
      const token = randomBytes(12).toString('base64url');
      if ((await redis.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return null;
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
        release: async () => {
          await releaseScript.run([key], [token]);
        },
      };
    },
  };
}
