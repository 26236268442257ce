import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { createRedis, waitForRedis, type Redis } from './create-redis.js';
import { createLuaScript } from './lua-script.js';

let testRedis: TestRedis;
let raw: Redis;
beforeAll(async () => {
  testRedis = await createTestRedis();
  raw = createRedis({ redisUrl: testEnv.redisUrl });
  await waitForRedis(raw);
});
afterAll(async () => {
  raw.disconnect();
  await testRedis.destroy();
});

/** A script no server has seen yet (unique comment), so its first EVALSHA gets NOSCRIPT. */
const freshIncrement = () => `-- ${randomUUID()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`;

describe('createLuaScript', () => {
  it('runs a script the server does not hold yet (EVAL fallback), then by its SHA, on prefixed keys', async () => {
    const lua = freshIncrement();
    const script = createLuaScript(testRedis.redis, lua);
    expect(await script.run(['counter'], [2])).toBe(2);
    expect(await script.run(['counter'], [3])).toBe(5);
    expect(await raw.get(`${testRedis.prefix}counter`)).toBe('5');
    const loaded = (await raw.script('EXISTS', createHash('sha1').update(lua).digest('hex'))) as number[];
    expect(loaded).toEqual([1]);
  });

  it('rejects with the script error itself when the script fails', async () => {
    const script = createLuaScript(testRedis.redis, `-- ${randomUUID()}\nreturn redis.error_reply('LIMIT broken')`);
    await expect(script.run(['k'], [])).rejects.toThrow('LIMIT broken');
  });
});
