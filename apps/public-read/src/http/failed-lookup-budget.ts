import { LRUCache } from 'lru-cache';

/** Unknown or refused keys one client may have looked up in MySQL per minute, per replica. */
export const FAILED_KEY_LOOKUPS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
const MAX_CLIENTS = 10_000;

interface Window {
  startedAt: number;
  failures: number;
}

export interface FailedLookupBudget {
  /** Whether `client` may still look a key up in MySQL in the current minute. */
  allows(client: string): boolean;
  /** Counts one lookup of `client` that found no usable key. */
  charge(client: string): void;
}

/**
 * A per-replica fixed window of failed X-API-Key lookups per client address. Cached keys never reach it, so honest
 * callers are unaffected; a client cycling through made-up keys is served anonymously (and limited per IP) once it
 * has spent its budget, instead of costing an HMAC and a MySQL query per request. At most 10 000 clients are
 * tracked, least recently seen evicted first.
 */
export function createFailedLookupBudget(options: { perMinute?: number; now?: () => number } = {}): FailedLookupBudget {
  const perMinute = options.perMinute ?? FAILED_KEY_LOOKUPS_PER_MINUTE;
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, Window>({ max: MAX_CLIENTS });
  const current = (client: string): Window | undefined => {
    const window = windows.get(client);
    return window && now() - window.startedAt < WINDOW_MS ? window : undefined;
  };
  return {
    allows: (client) => (current(client)?.failures ?? 0) < perMinute,
    charge(client) {
      const window = current(client);
      if (window) window.failures += 1;
      else windows.set(client, { startedAt: now(), failures: 1 });
    },
  };
}
