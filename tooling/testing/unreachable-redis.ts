/* A real Redis client (the production settings) aimed at a port nothing listens on: every command fails at once. */
import { once } from 'node:events';
import { createRedis, type Redis } from '#shared/redis/create-redis.js';

export interface UnreachableRedis {
  redis: Redis;
  /** Stops reconnecting and resolves once the client has ended (no timer left behind). */
  close(): Promise<void>;
}

/**
 * Port 1 on loopback refuses connections (nothing may bind it without privileges), and the shared client has no
 * offline queue: each command rejects immediately ("Connection is closed"), as it does in production while Redis
 * is down.
 */
export function createUnreachableRedis(): UnreachableRedis {
  const redis = createRedis({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'unreachable:' });
  // Connection errors are the expected state here; without a listener ioredis prints each one.
  redis.on('error', () => undefined);
  // No reconnection: the client ends after its first refused attempt, so no retry timer outlives the test (a
  // disconnect() while ioredis is between attempts leaves one pending for seconds).
  redis.options.retryStrategy = () => null;
  return {
    redis,
    async close() {
      if (redis.status === 'end') return;
      const ended = once(redis, 'end');
      redis.disconnect();
      await ended;
    },
  };
}
