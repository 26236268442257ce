import { describe, expect, it } from '@jest/globals';
import type { Options } from 'express-rate-limit';
import { captureLogs } from '../../../../shared/src/http/http-test-kit.js';
import { RedisWithLocalFallbackStore, type RedisCaller } from './rate-limit-store.js';

const options = { windowMs: 60_000 } as Options;

describe('RedisWithLocalFallbackStore', () => {
  it('counts in a local memory window while Redis fails, logging the outage once', async () => {
    const calls: string[][] = [];
    const down: RedisCaller = {
      call: (command, ...args) => {
        calls.push([command, ...args]);
        return Promise.reject(new Error('connection refused'));
      },
    };
    const logs = captureLogs();
    const store = new RedisWithLocalFallbackStore(down, 'rl:test:', logs.logger);
    await store.init(options);
    const hits = [];
    for (let index = 0; index < 3; index += 1) hits.push((await store.increment('client')).totalHits);
    expect(hits).toEqual([1, 2, 3]);
    expect(calls.some(([command]) => command === 'EVALSHA')).toBe(true);
    expect(logs.text().match(/rate limit store unavailable/g)).toHaveLength(1);
    store.shutdown();
  });

  it('answers SCRIPT LOAD with the script SHA-1 while Redis is down, so the store recovers once it is back', async () => {
    let up = false;
    const redis: RedisCaller = {
      call: (command) => {
        if (!up) return Promise.reject(new Error('down'));
        if (command === 'EVALSHA') return Promise.resolve([1, 60_000]);
        return Promise.resolve('sha');
      },
    };
    const store = new RedisWithLocalFallbackStore(redis, 'rl:test:', captureLogs().logger);
    await store.init(options);
    up = true;
    const info = await store.increment('client');
    expect(info.totalHits).toBe(1);
    expect(info.resetTime!.getTime()).toBeGreaterThan(Date.now() + 59_000);
    store.shutdown();
  });
});
