import { createLuaScript, type LuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';
import type { Logger } from '#shared/logger/logger.js';
import type { RateLimitCount, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';
import { limiterUnavailable } from './limiter-unavailable.js';
import { createHitCoalescer, type HitCoalescer } from './hit-coalescer.js';
import { SLIDING_WINDOW_SCRIPT } from './lua-scripts.js';

export const WINDOW_MS = 60_000;

/** One request as counted: admitted or not, the window's counts with it included, and when it was counted. */
interface CountedHit {
  admitted: boolean;
  counts: WindowCounts;
  now: number;
}

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
  /** Concurrent hits of one user share one script run (see hit-coalescer.ts). */
  private readonly counter: HitCoalescer<CountedHit>;
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
    this.counter = createHitCoalescer((userId, limit, hits) => this.countInRedis(userId, limit, hits));
  }

  async hit(userId: string, limit: number): Promise<RateLimitCount> {
    let counted: CountedHit;
    try {
      counted = await this.counter.hit(userId, limit);
      this.recovered();
    } catch (error) {
      if (this.options.whenRedisDown === 'refuse') throw limiterUnavailable(error);
      counted = this.incrementLocally(userId, limit, this.now(), error);
    }
    const { admitted, counts, now } = counted;
    const { windowStart, elapsed } = windowPosition(now, WINDOW_MS);
    if (!admitted) return { admitted, totalHits: limit + 1, resetAtMs: nextAdmissionAt(counts, now, WINDOW_MS, limit) };
    return {
      admitted,
      totalHits: reportedHits(estimateHits(counts, elapsed, WINDOW_MS), limit),
      resetAtMs: windowStart + WINDOW_MS,
    };
  }

  /**
   * Counts `hits` requests of a user at once: the first `admitted` of them are admitted, each seeing the count up to
   * itself; the rest are refused with the count as it stands, as if they had come one after another.
   */
  private async countInRedis(userId: string, limit: number, hits: number): Promise<CountedHit[]> {
    const now = this.now();
    const { windowStart, elapsed } = windowPosition(now, WINDOW_MS);
    const reply = await this.script.run(this.windowKeys(userId, windowStart), [limit, WINDOW_MS, elapsed, hits]);
    const [admitted, current, previous] = (Array.isArray(reply) ? reply : []).map(Number);
    if (admitted === undefined || current === undefined || previous === undefined) {
      throw new Error(`unexpected sliding-window reply ${String(reply)}`);
    }
    return Array.from({ length: hits }, (_, index) =>
      index < admitted
        ? { admitted: true, counts: { current: current - admitted + index + 1, previous }, now }
        : { admitted: false, counts: { current, previous }, now },
    );
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

  async reset(userId: string): Promise<void> {
    const { windowStart } = windowPosition(this.now(), WINDOW_MS);
    this.local.delete(userId);
    await this.redis.del(...this.windowKeys(userId, windowStart));
  }

  /** The current and the previous window's counters of a user. */
  private windowKeys(userId: string, windowStart: number): [string, string] {
    return [`${this.namespace}${userId}:${windowStart}`, `${this.namespace}${userId}:${windowStart - WINDOW_MS}`];
  }

  private incrementLocally(userId: string, limit: number, now: number, error: unknown): CountedHit {
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
    return { admitted, counts, now };
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.local.clear();
    this.options.logger.info('rate limiter: Redis available again');
  }
}

/**
 * The two-window weighted counter (Cloudflare-style sliding window): the estimate at a moment is the previous
 * fixed window's count weighted by the share of it still inside the sliding window, plus the current window's
 * count. A request is admitted when `estimate + 1 <= limit`; rejected requests are not counted. The Redis Lua
 * script (lua-scripts.ts) applies the same rule atomically; the local fallback uses these functions directly.
 */
export interface WindowCounts {
  previous: number;
  current: number;
}

export interface WindowPosition {
  /** Start of the current fixed window (ms). */
  windowStart: number;
  /** Milliseconds elapsed in it. */
  elapsed: number;
}

export function windowPosition(nowMs: number, windowMs: number): WindowPosition {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowStart, elapsed: nowMs - windowStart };
}

export function estimateHits(counts: WindowCounts, elapsed: number, windowMs: number): number {
  return (counts.previous * (windowMs - elapsed)) / windowMs + counts.current;
}

export function admits(counts: WindowCounts, elapsed: number, windowMs: number, limit: number): boolean {
  return estimateHits(counts, elapsed, windowMs) + 1 <= limit + 1e-9;
}

/** Hits as express-rate-limit reports them: `limit - hits` = requests still admitted right now. */
export function reportedHits(estimate: number, limit: number): number {
  return Math.min(limit, limit - Math.floor(limit - estimate + 1e-9));
}

/**
 * The earliest moment (ms) at which one more request is admitted, after a rejection at `now`: within the current
 * window once the previous window's weight has decayed enough, else in the next window once the current count's
 * weight has. Never earlier than `now + 1`.
 */
export function nextAdmissionAt(counts: WindowCounts, nowMs: number, windowMs: number, limit: number): number {
  const { windowStart, elapsed } = windowPosition(nowMs, windowMs);
  const room = limit - 1 - counts.current;
  if (room >= 0) {
    if (counts.previous <= 0) return nowMs + 1;
    const neededElapsed = windowMs * (1 - room / counts.previous);
    return Math.max(nowMs + 1, windowStart + Math.ceil(Math.max(neededElapsed, elapsed)));
  }
  // The current window alone exceeds the limit: wait until, in the next window, its weight drops far enough.
  const neededElapsed = counts.current <= 0 ? 0 : windowMs * (1 - (limit - 1) / counts.current);
  return Math.max(nowMs + 1, windowStart + windowMs + Math.ceil(Math.max(0, neededElapsed)));
}
