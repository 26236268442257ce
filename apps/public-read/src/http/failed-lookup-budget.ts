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
  /**
   * Takes one lookup from `client`'s budget, counted as failed until `refund`: false (nothing taken) when the budget
   * of the current minute is spent. Counting a lookup when it starts keeps parallel made-up keys within the budget.
   */
  take(client: string): boolean;
  /** Gives back a lookup of `client` that found a usable key. */
  refund(client: string): void;
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
    take(client) {
      const window = current(client);
      if (!window) {
        windows.set(client, { startedAt: now(), failures: 1 });
        return true;
      }
      if (window.failures >= perMinute) return false;
      window.failures += 1;
      return true;
    },
    refund(client) {
      const window = current(client);
      if (window && window.failures > 0) window.failures -= 1;
    },
  };
}
