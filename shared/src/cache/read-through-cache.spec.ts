import { describe, expect, it } from '@jest/globals';
import { createReadThroughCache, type ReadThroughCacheOptions } from './read-through-cache.js';

function counter(result: () => Promise<string> = async () => 'value') {
  const loader = async () => {
    loader.calls += 1;
    return result();
  };
  loader.calls = 0;
  return loader;
}

describe('createReadThroughCache', () => {
  it('reuses a loaded value until the TTL passes on the injected clock, then loads again', async () => {
    let now = 1_000;
    const cache = createReadThroughCache<string>({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    const load = counter();
    expect(await cache.get('k', load)).toBe('value');
    now += 999;
    expect(await cache.get('k', load)).toBe('value');
    expect(load.calls).toBe(1);
    now += 2;
    await cache.get('k', load);
    expect(load.calls).toBe(2);
  });

  it('shares one load among concurrent misses of the same key', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const load = counter();
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(new Set(values)).toEqual(new Set(['value']));
    expect(load.calls).toBe(1);
  });

  it('does not keep a failed load: the next call retries', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    let fail = true;
    const load = counter(async () => {
      if (fail) throw new Error('MySQL down');
      return 'recovered';
    });
    await expect(cache.get('k', load)).rejects.toThrow('MySQL down');
    fail = false;
    expect(await cache.get('k', load)).toBe('recovered');
    expect(load.calls).toBe(2);
  });

  it('remembers null results ("not found") like any other value', async () => {
    const cache = createReadThroughCache<string | null>({ ttlMs: 1_000, maxEntries: 10 });
    const load = counter(async () => null as unknown as string);
    expect(await cache.get('missing', load)).toBeNull();
    expect(await cache.get('missing', load)).toBeNull();
    expect(load.calls).toBe(1);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const load = counter();
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    await cache.get('a', load);
    expect(load.calls).toBe(3);
    await cache.get('b', load);
    expect(load.calls).toBe(4);
  });

  it('loads on every call when the TTL is 0, and delete forgets a key', async () => {
    const off = createReadThroughCache<string>({ ttlMs: 0, maxEntries: 10 });
    const load = counter();
    await off.get('k', load);
    await off.get('k', load);
    expect(load.calls).toBe(2);

    const cache = createReadThroughCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    await cache.get('k', load);
    cache.delete('k');
    await cache.get('k', load);
    expect(load.calls).toBe(4);
  });

  describe('with refreshAheadMs', () => {
    function deferred() {
      const pending: Array<(value: string) => void> = [];
      const load = () => {
        load.calls += 1;
        return new Promise<string>((resolve) => pending.push(resolve));
      };
      load.calls = 0;
      return { load, settle: (value: string) => pending.shift()!(value) };
    }
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    // lru-cache treats a start time of 0 as "no TTL": the clock starts later.
    const T0 = 10_000;
    const refreshingCache = (clock: { now: number }, options: Partial<ReadThroughCacheOptions<string>> = {}) =>
      createReadThroughCache<string>({
        ttlMs: 1_000,
        maxEntries: 10,
        now: () => clock.now,
        refreshAheadMs: 200,
        ...options,
      });

    it('reloads a key asked for near its expiry once, in the background, serving the live value meanwhile', async () => {
      const clock = { now: T0 };
      const cache = refreshingCache(clock);
      const { load, settle } = deferred();
      const first = cache.get('k', load);
      settle('v1');
      expect(await first).toBe('v1');
      clock.now = T0 + 799;
      expect(cache.get('k', load)).toBe('v1');
      expect(load.calls).toBe(1);
      clock.now = T0 + 800;
      expect(cache.get('k', load)).toBe('v1');
      expect(cache.get('k', load)).toBe('v1');
      expect(load.calls).toBe(2);
      settle('v2');
      await flush();
      expect(cache.get('k', load)).toBe('v2');
      // The refreshed value lives a full TTL from its reload: at 1 500 ms the old one would have expired.
      clock.now = T0 + 1_500;
      expect(cache.get('k', load)).toBe('v2');
      expect(load.calls).toBe(2);
    });

    it('answers a caller whose load was overtaken by a late background refresh with the refreshed value', async () => {
      const clock = { now: T0 };
      const cache = refreshingCache(clock);
      const { load, settle } = deferred();
      const first = cache.get('k', load);
      settle('v1');
      await first;
      clock.now = T0 + 900;
      expect(cache.get('k', load)).toBe('v1');
      // The refresh is still loading when the entry expires: the next caller starts its own load…
      clock.now = T0 + 1_001;
      const late = cache.get('k', load);
      // …and the refresh lands first, replacing the entry under the caller's load.
      settle('v2');
      await flush();
      settle('v3');
      expect(await late).toBe('v2');
    });

    it('never serves a value past its TTL: a failed refresh is reported and dropped, the next caller loads', async () => {
      const clock = { now: T0 };
      const refreshErrors: string[] = [];
      const cache = refreshingCache(clock, {
        onRefreshError: (key, error) => refreshErrors.push(`${key}: ${(error as Error).message}`),
      });
      let fail = false;
      const load = counter(async () => {
        if (fail) throw new Error('MySQL down');
        return `v${load.calls}`;
      });
      expect(await cache.get('k', load)).toBe('v1');
      fail = true;
      clock.now = T0 + 900;
      expect(cache.get('k', load)).toBe('v1');
      await flush();
      expect(refreshErrors).toEqual(['k: MySQL down']);
      clock.now = T0 + 1_001;
      await expect(cache.get('k', load)).rejects.toThrow('MySQL down');
      expect(load.calls).toBe(3);
    });

    it('does not keep a refresh that began before the key was deleted', async () => {
      const clock = { now: T0 };
      const cache = refreshingCache(clock);
      const { load, settle } = deferred();
      const first = cache.get('k', load);
      settle('before revocation');
      await first;
      clock.now = T0 + 900;
      void cache.get('k', load);
      cache.delete('k');
      settle('stale refresh');
      await flush();
      const next = cache.get('k', load);
      settle('after revocation');
      expect(await next).toBe('after revocation');
    });

    it('gives each entry the life `ttlOf` says, capped at the TTL, and refreshes it near that end', async () => {
      const clock = { now: T0 };
      const cache = refreshingCache(clock, { ttlOf: (value) => Number(value.split(':')[1]) });
      const { load, settle } = deferred();
      const first = cache.get('short', load);
      settle('v1:500');
      expect(await first).toBe('v1:500');
      clock.now = T0 + 299;
      expect(cache.get('short', load)).toBe('v1:500');
      expect(load.calls).toBe(1);
      clock.now = T0 + 300;
      expect(cache.get('short', load)).toBe('v1:500');
      expect(load.calls).toBe(2);
      settle('v2:5000');
      await flush();
      // 5 000 ms asked, capped at the 1 000 ms TTL from the refresh at T0 + 300.
      clock.now = T0 + 1_000;
      expect(cache.get('short', load)).toBe('v2:5000');
      expect(load.calls).toBe(2);
      clock.now = T0 + 1_301;
      const reloaded = cache.get('short', load);
      expect(reloaded).toBeInstanceOf(Promise);
      settle('v3:500');
      expect(await reloaded).toBe('v3:500');
    });
  });
});
