import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { createKeyLeases } from './key-lease.js';

let test: TestRedis;
beforeAll(async () => {
  test = await createTestRedis();
});
afterAll(() => test.destroy());

describe('key leases', () => {
  it('let one holder at a time take a key, and free it on release', async () => {
    const leases = createKeyLeases(test.redis, 30_000);
    const held = await leases.acquire('key-a');
    expect(held).not.toBeNull();
    expect(await leases.acquire('key-a')).toBeNull();
    await held?.release();
    expect(await leases.acquire('key-a')).not.toBeNull();
  });

  it('stay lost once another holder took the key, however soon the holder asks again', async () => {
    const leases = createKeyLeases(test.redis, 30);
    const held = await leases.acquire('key-b');
    await test.redis.set('webhooks:lease:key-b', 'another-holder');
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(await held?.keepAlive()).toBe(false);
    expect(await held?.keepAlive()).toBe(false);
    await held?.release();
    expect(await test.redis.get('webhooks:lease:key-b')).toBe('another-holder');
  });

  it('tell the holder on release whether a wake found the key held meanwhile, once', async () => {
    const leases = createKeyLeases(test.redis, 30_000);
    const quiet = await leases.acquire('key-c');
    expect(await quiet?.release()).toBe(false);
    const held = await leases.acquire('key-c');
    expect(await leases.acquire('key-c')).toBeNull();
    expect(await held?.release()).toBe(true);
    const next = await leases.acquire('key-c');
    expect(await next?.release()).toBe(false);
  });

  it('forget a wake that came before the key was taken: the taker reads every event anyway', async () => {
    const leases = createKeyLeases(test.redis, 30_000);
    const first = await leases.acquire('key-d');
    expect(await leases.acquire('key-d')).toBeNull();
    await test.redis.del('webhooks:lease:key-d');
    const taker = await leases.acquire('key-d');
    expect(await taker?.release()).toBe(false);
    expect(await first?.release()).toBe(false);
  });
});
