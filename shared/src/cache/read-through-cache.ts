/*
 * A bounded, per-process read-through cache (lru-cache underneath) for values that may be a little stale: API-key
 * lookups, hot public reads, market reads, on-chain quotes. Entries live `ttlMs` on the injected clock; concurrent
 * misses of one key share a single load; a failed load is never cached (the next caller retries). `ttlMs` 0 turns
 * the cache off.
 *
 * With `refreshAheadMs`, a key still asked for in the last `refreshAheadMs` of its life is reloaded in the background
 * (once) while callers keep getting the live value, so a hot key never expires under its callers: without it, every
 * TTL all concurrent callers of a hot key wait for one load together, which is what a p99 sees. Nothing is ever
 * served past its expiry; a failed refresh is dropped (reported to `onRefreshError`) and the entry expires as usual.
 * `ttlOf` gives an entry a shorter life of its own (e.g. what remains of a shared Redis entry).
 */
import { LRUCache } from 'lru-cache';

export interface ReadThroughCacheOptions<V = unknown> {
  /** How long a loaded value is reused (ms); 0 = every call loads. */
  ttlMs: number;
  /** At most this many entries; the least recently used goes first. */
  maxEntries: number;
  /** Clock in milliseconds (tests inject one); default Date.now. */
  now?: () => number;
  /** Reload a key asked for within this many ms of its expiry in the background; default 0 (never). */
  refreshAheadMs?: number;
  /** How long a loaded value lives (ms, capped at `ttlMs`); default `ttlMs`. */
  ttlOf?: (value: V) => number;
  /** A background refresh failed (the entry keeps serving until it expires). */
  onRefreshError?: (key: string, error: unknown) => void;
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
  /** When the entry expires (the injected clock). */
  expiresAt: number;
}

export function createReadThroughCache<V>(options: ReadThroughCacheOptions<V>): ReadThroughCache<V> {
  if (options.ttlMs <= 0) {
    return { get: (_key, load) => load(), delete: () => undefined, clear: () => undefined, size: 0 };
  }
  const now = options.now ?? Date.now;
  const refreshAheadMs = options.refreshAheadMs ?? 0;
  const lifeOf = (value: V): number =>
    options.ttlOf ? Math.min(options.ttlMs, Math.max(1, options.ttlOf(value))) : options.ttlMs;
  const box = (value: V, ttl: number): Box<V> => ({ value, expiresAt: now() + ttl });
  const cache = new LRUCache<string, Box<V>, () => Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: async (_key, _stale, { context, options: entry }) => {
      const value = await context();
      entry.ttl = lifeOf(value);
      return box(value, entry.ttl);
    },
  });
  /** Background refreshes in flight; delete/clear drop a key's entry so a refresh begun before them is not kept. */
  const refreshing = new Map<string, Promise<void>>();

  function refresh(key: string, load: () => Promise<V>): void {
    const flight: Promise<void> = load().then(
      (value) => {
        if (refreshing.get(key) !== flight) return;
        const ttl = lifeOf(value);
        cache.set(key, box(value, ttl), { ttl });
      },
      (error: unknown) => options.onRefreshError?.(key, error),
    );
    refreshing.set(key, flight);
    void flight.finally(() => {
      if (refreshing.get(key) === flight) refreshing.delete(key);
    });
  }

  return {
    get(key, load) {
      const hit = cache.get(key);
      if (hit) {
        if (refreshAheadMs > 0 && hit.expiresAt - now() <= refreshAheadMs && !refreshing.has(key)) refresh(key, load);
        return hit.value;
      }
      return cache.fetch(key, { context: load }).then(
        (box) => {
          if (!box) throw new TypeError(`the cache load of ${String(key)} answered nothing`);
          return box.value;
        },
        (error: unknown) => {
          // lru-cache aborts a pending load when a background refresh stores the key first ("replaced"): the
          // stored value is at least as fresh as the aborted load would have been, so it is the answer.
          const replaced = cache.get(key);
          if (replaced) return replaced.value;
          throw error;
        },
      );
    },
    delete(key) {
      refreshing.delete(key);
      cache.delete(key);
    },
    clear() {
      refreshing.clear();
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
