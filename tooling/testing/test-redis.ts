import { createRedis, deleteKeysWithPrefix, waitForRedis, type Redis } from '#shared/redis/create-redis.js';
import { suiteToken, testEnv } from './test-env.js';

export interface TestRedis {
  redis: Redis;
  prefix: string;
  destroy(): Promise<void>;
}

/** A Redis client whose every key lives under a suite-unique prefix, removed on destroy. */
export async function createTestRedis(): Promise<TestRedis> {
  const prefix = `test:${suiteToken()}:`;
  const redis = createRedis({ redisUrl: testEnv.redisUrl, keyPrefix: prefix });
  await waitForRedis(redis);
  return {
    redis,
    prefix,
    destroy: async () => {
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
    },
  };
}
