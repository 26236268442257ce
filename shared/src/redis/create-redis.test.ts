import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from './create-redis.js';

describe('shared Redis client', () => {
  let first: TestRedis;
  let second: TestRedis;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestRedis(), createTestRedis()]);
  });
  afterAll(async () => {
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('keeps each suite under its own key prefix', async () => {
    await first.redis.set('limit:user-1', '5');
    await second.redis.set('limit:user-1', '7');
    expect(await first.redis.get('limit:user-1')).toBe('5');
    expect(await second.redis.get('limit:user-1')).toBe('7');
    const bare = createRedis({ redisUrl: testEnv.redisUrl });
    await waitForRedis(bare);
    expect(await bare.get(`${first.prefix}limit:user-1`)).toBe('5');
    bare.disconnect();
  });

  it('deletes exactly the keys under a prefix', async () => {
    for (let index = 0; index < 1_200; index += 1) await first.redis.set(`bulk:${index}`, '1');
    await second.redis.set('bulk:keep', '1');
    expect(await deleteKeysWithPrefix(first.redis, `${first.prefix}bulk:`)).toBe(1_200);
    expect(await first.redis.exists('bulk:0')).toBe(0);
    expect(await second.redis.get('bulk:keep')).toBe('1');
  });

  it('fails commands at once while the server is unreachable instead of queueing them', async () => {
    const unreachable = createRedis({ redisUrl: 'redis://127.0.0.1:1' });
    unreachable.on('error', () => {});
    const started = Date.now();
    await expect(unreachable.get('anything')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
    unreachable.disconnect();
  });
});
