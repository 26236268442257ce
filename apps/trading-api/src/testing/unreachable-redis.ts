/* A real Redis client (the production settings) aimed at a port nothing listens on: every command fails at once. */
import { createRedis, type Redis } from '../../../../shared/src/redis/index.js';

export interface UnreachableRedis {
  redis: Redis;
  close(): void;
}

/**
 * Port 1 on loopback refuses connections (nothing may bind it without privileges), and the shared client has no
 * offline queue: each command rejects immediately, as it does in production while Redis is down.
 */
export function createUnreachableRedis(): UnreachableRedis {
  const redis = createRedis({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'unreachable:' });
  // Reconnection errors are the expected state here; without a listener ioredis prints each one.
  redis.on('error', () => undefined);
  return { redis, close: () => redis.disconnect() };
}
