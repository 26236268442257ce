/*
 * The public API's per-IP fixed windows: rate-limit-redis counts them in Redis, shared by every replica (a window
 * starts with its subject's first request and counts every request, admitted or not). While Redis is unreachable
 * this store counts in a per-process window instead (fail open, still limited per replica) and logs the outage at
 * most every 30 s.
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createFailureLog, type FailureLog } from '#shared/logger/failure-log.js';
import type { Logger } from '#shared/logger/logger.js';
import type { Redis } from '#shared/redis/create-redis.js';
import { withinTime } from '#shared/runtime/within-time.js';

/** Reload rate-limit-redis's scripts after a failure at most this often (a failed SCRIPT LOAD is never retried). */
const RELOAD_INTERVAL_MS = 1_000;
/** A count that has not answered by then counts locally instead (a hung Redis is an unavailable one). */
const COUNT_TIMEOUT_MS = 1_000;
/** The local fallback forgets every window past this many subjects (a bound on memory during an outage). */
const MAX_LOCAL_SUBJECTS = 100_000;

export interface FailOpenWindowStoreOptions {
  redis: Redis;
  logger: Logger;
  /** Namespace under the client's own key prefix. */
  namespace: string;
  now?: () => number;
}

interface LocalWindow {
  totalHits: number;
  resetAtMs: number;
}

export class FailOpenWindowStore implements Store {
  private readonly redisStore: RedisStore;
  private readonly now: () => number;
  private readonly local = new Map<string, LocalWindow>();
  private windowMs = 60_000;
  private options: Options | undefined;
  private readonly storeUnavailable: FailureLog;
  private lastReloadAt = -Infinity;

  constructor(private readonly settings: FailOpenWindowStoreOptions) {
    const { redis } = settings;
    this.now = settings.now ?? Date.now;
    this.storeUnavailable = createFailureLog(
      settings.logger,
      {
        event: 'rate_limit.store_unavailable',
        message: 'rate limit store unavailable; limiting per replica in memory',
      },
      this.now,
    );
    this.redisStore = new RedisStore({
      prefix: settings.namespace,
      // cast: rate-limit-redis sends only SCRIPT LOAD, EVALSHA, DECR and DEL, whose replies are strings, integers
      // or arrays of them (RedisReply); ioredis types every raw reply as unknown.
      sendCommand: (command, ...args) => redis.call(command, ...args) as Promise<RedisReply>,
    });
  }

  /**
   * Called once by express-rate-limit: the window length, and rate-limit-redis loads its scripts. Redis not connected
   * yet (a replica starting) is the expected outage: one line, and the first count loads the scripts again.
   */
  async init(options: Options): Promise<void> {
    this.options = options;
    this.windowMs = options.windowMs;
    try {
      await this.redisStore.init(options);
    } catch (error) {
      this.storeUnavailable(error);
    }
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      return await this.incrementInRedis(key);
    } catch (error) {
      // rate-limit-redis keeps a failed script load (Redis down at start) for good: load again, then retry once.
      if (await this.reloaded()) {
        try {
          return await this.incrementInRedis(key);
        } catch (retryError) {
          return this.incrementLocally(key, retryError);
        }
      }
      return this.incrementLocally(key, error);
    }
  }

  private incrementInRedis(key: string): Promise<IncrementResponse> {
    return withinTime(() => this.redisStore.increment(key), COUNT_TIMEOUT_MS, 'rate-limit count');
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.redisStore.get(key);
  }

  decrement(key: string): Promise<void> {
    return this.redisStore.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    this.local.delete(key);
    await this.redisStore.resetKey(key);
  }

  private async reloaded(): Promise<boolean> {
    const now = this.now();
    if (!this.options || now - this.lastReloadAt < RELOAD_INTERVAL_MS) return false;
    this.lastReloadAt = now;
    try {
      await this.redisStore.init(this.options);
      return true;
    } catch {
      return false;
    }
  }

  private incrementLocally(key: string, error: unknown): IncrementResponse {
    const now = this.now();
    this.storeUnavailable(error);
    let window = this.local.get(key);
    if (window && window.resetAtMs > now) window.totalHits += 1;
    else {
      if (this.local.size >= MAX_LOCAL_SUBJECTS) this.local.clear();
      window = { totalHits: 1, resetAtMs: now + this.windowMs };
      this.local.set(key, window);
    }
    return { totalHits: window.totalHits, resetTime: new Date(window.resetAtMs) };
  }
}
