/**
 * Open streams per owner across replicas (decision 0022): one Redis sorted set per owner (a user, or a client
 * address for public streams), a member per open stream scored by its lease's end. Taking a slot drops expired
 * leases and adds the stream only below the maximum, atomically (Lua); the stream's heartbeat renews its lease, and
 * a replica that died leaves leases that expire on their own.
 */
import { randomUUID } from 'node:crypto';
import { createLuaScript, type Redis } from '../redis/index.js';

const TAKE_SLOT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
`;

export interface StreamSlot {
  /** Extends the lease (the stream's heartbeat). */
  renew(): Promise<void>;
  release(): Promise<void>;
}

export interface StreamSlots {
  /** A slot for one more stream of `owner`, or null when it already holds `max` open streams. */
  take(owner: string, max: number): Promise<StreamSlot | null>;
}

export function createStreamSlots(options: {
  redis: Redis;
  /** Logical namespace, e.g. `streams:user`. */
  namespace: string;
  leaseMs: number;
  now?: () => number;
}): StreamSlots {
  const { redis, leaseMs } = options;
  const now = options.now ?? Date.now;
  const takeSlot = createLuaScript(redis, TAKE_SLOT_SCRIPT);
  return {
    async take(owner, max) {
      const key = `${options.namespace}:${owner}`;
      const member = randomUUID();
      const at = now();
      const taken = await takeSlot.run([key], [at, at + leaseMs, max, member]);
      if (Number(taken) !== 1) return null;
      return {
        renew: async () => {
          const until = now() + leaseMs;
          await redis.zadd(key, 'XX', until, member);
          await redis.pexpireat(key, until);
        },
        release: async () => {
          await redis.zrem(key, member);
        },
      };
    },
  };
}
