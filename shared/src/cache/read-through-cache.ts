/*
 * A bounded, per-process read-through cache (lru-cache underneath) for values that may be a little stale: API-key
 * lookups, hot public reads, market reads. Entries live `ttlMs` on the injected clock; concurrent misses of one key
 * share a single load; a failed load is never cached (the next caller retries). `ttlMs` 0 turns the cache off.
 */
import { LRUCache } from 'lru-cache';

export interface ReadThroughCacheOptions {
  /** How long a loaded value is reused (ms); 0 = every call loads. */
  ttlMs: number;
  /** At most this many entries; the least recently used goes first. */
  maxEntries: number;
  /** Clock in milliseconds (tests inject one); default Date.now. */
  now?: () => number;
}

export interface ReadThroughCache<V> {
  /**
   * The live value of `key` (returned as is: a hit costs no promise), or the result of `load` (shared by concurrent
   * callers, kept on success only).
   */
  get(key: string, load: () => Promise<V>): V | Promise<V>;
  /** Forgets `key` in this process (other replicas converge within the TTL). */
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

/** lru-cache refuses null/undefined values; boxing lets a cache remember "not found" too. */
interface Box<V> {
  value: V;
}

export function createReadThroughCache<V>(options: ReadThroughCacheOptions): ReadThroughCache<V> {
  if (options.ttlMs <= 0) {
    return { get: (_key, load) => load(), delete: () => undefined, clear: () => undefined, size: 0 };
  }
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, Box<V>, () => Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    get(key, load) {
      const hit = cache.get(key);
      if (hit) return hit.value;
      return cache.fetch(key, { context: load }).then((box) => (box as Box<V>).value);
    },
    delete: (key) => void cache.delete(key),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
