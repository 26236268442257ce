import { createLuaScript, type LuaScript, type Redis } from '../redis/index.js';
import type { Logger } from '../logger/index.js';
import type { RateLimitCount, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';
import { limiterUnavailable } from './limiter-unavailable.js';
import { SLIDING_WINDOW_SCRIPT } from './lua-scripts.js';
import {
  admits,
  estimateHits,
  nextAdmissionAt,
  reportedHits,
  windowPosition,
  type WindowCounts,
} from './sliding-window-math.js';

export const WINDOW_MS = 60_000;

export interface SlidingWindowStoreOptions {
  redis: Redis;
  logger: Logger;
  now?: () => number;
  /** Namespace under the client's own key prefix. */
  namespace?: string;
  /**
   * What happens while Redis is unavailable: `local-window` (reads, the default) counts in a per-process window
   * with the same rule (fail open, bounded per replica); `refuse` (writes) throws 503 DEPENDENCY_UNAVAILABLE.
   */
  whenRedisDown?: 'local-window' | 'refuse';
}

/**
 * The per-user sliding window counted atomically in Redis: every read, and the writes the description does not put
 * on the token bucket. When Redis fails, a read store falls back to a per-process window with the same rule (fail
 * open, bounded per replica) and logs once per outage; a write store (`whenRedisDown: 'refuse'`) fails closed.
 */
export class SlidingWindowStore implements RateLimitStore {
  private readonly script: LuaScript;
  private readonly redis: Redis;
  private readonly now: () => number;
  private readonly namespace: string;
  private readonly local = new Map<string, { windowStart: number; counts: WindowCounts }>();
  private degraded = false;

  constructor(private readonly options: SlidingWindowStoreOptions) {
    this.redis = options.redis;
    this.script = createLuaScript(options.redis, SLIDING_WINDOW_SCRIPT);
    this.now = options.now ?? Date.now;
    this.namespace = options.namespace ?? 'rl:sw:';
  }

  async hit(userId: string, limit: number): Promise<RateLimitCount> {
    const now = this.now();
    const { windowStart, elapsed } = windowPosition(now, WINDOW_MS);
    let admitted: boolean;
    let counts: WindowCounts;
    try {
      const reply = (await this.script.run(this.windowKeys(userId, windowStart), [limit, WINDOW_MS, elapsed])) as [
        number,
        number,
        number,
      ];
      admitted = reply[0] === 1;
      counts = { current: Number(reply[1]), previous: Number(reply[2]) };
      this.recovered();
    } catch (error) {
      if (this.options.whenRedisDown === 'refuse') throw limiterUnavailable(error);
      ({ admitted, counts } = this.incrementLocally(userId, limit, now, error));
    }
    if (!admitted) return { admitted, totalHits: limit + 1, resetAtMs: nextAdmissionAt(counts, now, WINDOW_MS, limit) };
    return {
      admitted,
      totalHits: reportedHits(estimateHits(counts, elapsed, WINDOW_MS), limit),
      resetAtMs: windowStart + WINDOW_MS,
    };
  }

  /** The caller's window as it stands, without counting (Redis only). */
  async peek(userId: string, limit: number): Promise<RateLimitWindow> {
    const now = this.now();
    const { windowStart, elapsed } = windowPosition(now, WINDOW_MS);
    const [current, previous] = await this.redis.mget(...this.windowKeys(userId, windowStart));
    const counts = { current: Number(current ?? 0), previous: Number(previous ?? 0) };
    return {
      totalHits: reportedHits(estimateHits(counts, elapsed, WINDOW_MS), limit),
      resetAtMs: windowStart + WINDOW_MS,
    };
  }

  /** The current and the previous window's counters of a user. */
  private windowKeys(userId: string, windowStart: number): [string, string] {
    return [`${this.namespace}${userId}:${windowStart}`, `${this.namespace}${userId}:${windowStart - WINDOW_MS}`];
  }

  private incrementLocally(userId: string, limit: number, now: number, error: unknown) {
    if (!this.degraded) {
      this.degraded = true;
      this.options.logger.warn({ err: error }, 'rate limiter: Redis unavailable, reads limited per process');
    }
    const { windowStart, elapsed } = windowPosition(now, WINDOW_MS);
    const entry = this.local.get(userId);
    let counts: WindowCounts = { previous: 0, current: 0 };
    if (entry?.windowStart === windowStart) counts = entry.counts;
    else if (entry?.windowStart === windowStart - WINDOW_MS) counts = { previous: entry.counts.current, current: 0 };
    const admitted = admits(counts, elapsed, WINDOW_MS, limit);
    if (admitted) counts = { ...counts, current: counts.current + 1 };
    if (this.local.size > 100_000) this.local.clear();
    this.local.set(userId, { windowStart, counts });
    return { admitted, counts };
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.local.clear();
    this.options.logger.info('rate limiter: Redis available again');
  }
}
