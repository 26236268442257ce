/**
 * Open streams per owner across replicas (decision 0022): one Redis sorted set per owner (a user, or a client
 * address for public streams), a member per open stream scored by its lease's end. Taking a slot drops expired
 * leases and adds the stream only below the maximum, atomically (Lua); the stream's heartbeat renews its lease, and
 * a replica that died leaves leases that expire on their own. A refusal says when the oldest lease ends: the
 * earliest moment a slot frees without any stream being closed (the 429's Retry-After).
 */
import { randomUUID } from 'node:crypto';
import { createLuaScript } from '../redis/lua-script.js';
import { type Redis } from '../redis/create-redis.js';

const TAKE_SLOT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, oldest[2] or ARGV[1]}
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return {1}
`;

export interface StreamSlot {
  /** Extends the lease (the stream's heartbeat). */
  renew(): Promise<void>;
  release(): Promise<void>;
}

/** A slot, or the refusal of one with the time until the owner's oldest lease ends (0 < retryAfterMs ≤ lease). */
export type StreamSlotAnswer = { slot: StreamSlot } | { slot: null; retryAfterMs: number };

export interface StreamSlots {
  /** A slot for one more stream of `owner`, or a refusal when it already holds `max` open streams. */
  take(owner: string, max: number): Promise<StreamSlotAnswer>;
}

/** Whole seconds for a Retry-After header: at least 1 (a 0 invites a retry loop). */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

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
      const answer = await takeSlot.run([key], [at, at + leaseMs, max, member]);
      const [taken, oldestEnd] = Array.isArray(answer) ? answer : [];
      if (Number(taken) !== 1) {
        const untilOldestEnds = Number(oldestEnd) - at;
        // A lease never ends later than leaseMs from now; anything else (a clock step between replicas) is clamped.
        const retryAfterMs = Number.isFinite(untilOldestEnds)
          ? Math.min(Math.max(untilOldestEnds, 1), leaseMs)
          : leaseMs;
        return { slot: null, retryAfterMs };
      }
      return {
        slot: {
          renew: async () => {
            const until = now() + leaseMs;
            await redis.zadd(key, 'XX', until, member);
            await redis.pexpireat(key, until);
          },
          release: async () => {
            await redis.zrem(key, member);
          },
        },
      };
    },
  };
}
