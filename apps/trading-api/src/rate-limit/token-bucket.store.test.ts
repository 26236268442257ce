/* The write limiter against a real Redis behind a fault proxy: a Redis that stops answering fails writes closed. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedis, waitForRedis, type Redis } from '#shared/redis/create-redis.js';
import { startTcpFaultProxy, type TcpFaultProxy } from '#tooling/faults/tcp-fault-proxy.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { TokenBucketStore } from './token-bucket.store.js';

let suite: TestRedis;
let proxy: TcpFaultProxy;
let proxied: Redis;

beforeAll(async () => {
  suite = await createTestRedis();
  const target = new URL(testEnv.redisUrl);
  proxy = await startTcpFaultProxy({ target: { host: target.hostname, port: Number(target.port || 6379) } });
  proxied = createRedis({ redisUrl: proxy.rewrite(testEnv.redisUrl), keyPrefix: suite.prefix });
  await waitForRedis(proxied);
});

afterAll(async () => {
  proxied?.disconnect();
  await proxy?.close();
  await suite?.destroy();
});

describe('the token bucket when Redis hangs', () => {
  it('refuses a write with DEPENDENCY_UNAVAILABLE within about a second instead of holding it', async () => {
    const store = new TokenBucketStore({ redis: proxied });
    await expect(store.hit('user-1', 60)).resolves.toMatchObject({ admitted: true });

    proxy.stall(); // the connection stays open; nothing comes back
    const started = Date.now();
    await expect(store.hit('user-1', 60)).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(3_000);

    await proxy.heal();
    await expect(store.hit('user-1', 60)).resolves.toMatchObject({ admitted: true });
  }, 20_000);
});
