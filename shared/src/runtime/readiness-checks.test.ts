/*
 * The dependency checks of /ready against the real services: a Redis client that is still connecting says so with
 * an expected-state code (one start-up line, no stack), rather than the code-less error its first command would throw.
 */
import { describe, expect, it } from '@jest/globals';
import { DependencyNotReady } from '../http/readiness.js';
import { createRedis, waitForRedis } from '../redis/create-redis.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { redisReadiness } from './readiness-checks.js';

describe('redisReadiness', () => {
  it('is a DependencyNotReady (NOT_CONNECTED) while the client connects, and passes once it is ready', async () => {
    const redis = createRedis({ redisUrl: testEnv.redisUrl, keyPrefix: 'readiness-checks:' });
    try {
      const check = redisReadiness(redis);
      const early = await check.check().then(
        () => null,
        (error: unknown) => error,
      );
      expect(early).toBeInstanceOf(DependencyNotReady);
      expect(early).toMatchObject({ code: 'NOT_CONNECTED', message: 'connection connecting' });
      await waitForRedis(redis);
      await expect(check.check()).resolves.toBeUndefined();
    } finally {
      redis.disconnect();
    }
  });

  it('fails with NOT_CONNECTED when the server cannot be reached', async () => {
    const redis = createRedis({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'readiness-checks:' });
    try {
      await new Promise((resolve) => redis.once('error', resolve));
      await expect(redisReadiness(redis).check()).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    } finally {
      redis.disconnect();
    }
  });
});
