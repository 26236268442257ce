import type { Logger } from '../logger/index.js';
import { createLuaScript, type LuaScript, type Redis } from '../redis/index.js';
import { createHitCoalescer, type HitCoalescer } from './hit-coalescer.js';
import { FIXED_WINDOW_SCRIPT } from './lua-scripts.js';
import type { RateLimitCount, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';

/** Report a failing Redis at most this often. */
const ERROR_LOG_INTERVAL_MS = 30_000;
/** The local fallback forgets every window past this many subjects (a bound on memory during an outage). */
const MAX_LOCAL_SUBJECTS = 100_000;

export interface FixedWindowStoreOptions {
  redis: Redis;
  logger: Logger;
  windowMs: number;
  /** Namespace under the client's own key prefix. */
  namespace: string;
  now?: () => number;
}

/**
 * Fixed windows counted in Redis and shared by every replica: a subject's window starts with its first request and
 * counts every request, admitted or not. While Redis is unreachable it counts in a per-process window instead (fail
 * open, still limited per replica) and logs the outage at most every 30 s.
 */
export class FixedWindowStore implements RateLimitStore {
  private readonly script: LuaScript;
  /** Concurrent hits of one subject share one script run (see hit-coalescer.ts). */
  private readonly counter: HitCoalescer<RateLimitWindow>;
  private readonly now: () => number;
  private readonly local = new Map<string, RateLimitWindow>();
  private lastErrorLoggedAt = -Infinity;

  constructor(private readonly options: FixedWindowStoreOptions) {
    this.script = createLuaScript(options.redis, FIXED_WINDOW_SCRIPT);
    this.now = options.now ?? Date.now;
    this.counter = createHitCoalescer((subject, _limit, hits) => this.countInRedis(subject, hits));
  }

  async hit(subject: string, limit: number): Promise<RateLimitCount> {
    let window: RateLimitWindow;
    try {
      window = await this.counter.hit(subject, limit);
    } catch (error) {
      this.reportOutage(error);
      window = this.hitLocally(subject);
    }
    return { ...window, admitted: window.totalHits <= limit };
  }

  async peek(subject: string): Promise<RateLimitWindow> {
    const key = this.keyOf(subject);
    const [hits, ttl] = await Promise.all([this.options.redis.get(key), this.options.redis.pttl(key)]);
    const now = this.now();
    return { totalHits: Number(hits ?? 0), resetAtMs: ttl > 0 ? now + ttl : now + this.options.windowMs };
  }

  /** Counts `hits` requests at once; the i-th of them is the (total − hits + i)-th of the window. */
  private async countInRedis(subject: string, hits: number): Promise<RateLimitWindow[]> {
    const reply = await this.script.run([this.keyOf(subject)], [this.options.windowMs, hits]);
    const [total, ttl] = (Array.isArray(reply) ? reply : []).map(Number);
    if (total === undefined || ttl === undefined) throw new Error(`unexpected fixed-window reply ${String(reply)}`);
    const resetAtMs = this.now() + ttl;
    return Array.from({ length: hits }, (_, index) => ({ totalHits: total - hits + index + 1, resetAtMs }));
  }

  private keyOf(subject: string): string {
    return `${this.options.namespace}${subject}`;
  }

  private hitLocally(subject: string): RateLimitWindow {
    const now = this.now();
    const current = this.local.get(subject);
    if (current && current.resetAtMs > now) {
      current.totalHits += 1;
      return { ...current };
    }
    if (this.local.size >= MAX_LOCAL_SUBJECTS) this.local.clear();
    const fresh = { totalHits: 1, resetAtMs: now + this.options.windowMs };
    this.local.set(subject, fresh);
    return { ...fresh };
  }

  private reportOutage(error: unknown): void {
    const now = this.now();
    if (now - this.lastErrorLoggedAt < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLoggedAt = now;
    this.options.logger.warn({ err: error }, 'rate limit store unavailable; limiting per replica in memory');
  }
}
