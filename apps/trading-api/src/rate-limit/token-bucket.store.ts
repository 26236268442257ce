import { createLuaScript, type LuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';
import type { RateLimitCount, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';
import { limiterUnavailable } from './limiter-unavailable.js';
import { TOKEN_BUCKET_SCRIPT } from './lua-scripts.js';
import { withinTime } from '#shared/runtime/within-time.js';
import { DEFAULT_COUNT_TIMEOUT_MS } from './hit-coalescer.js';

export interface TokenBucketStoreOptions {
  redis: Redis;
  now?: () => number;
  namespace?: string;
}

/**
 * The per-user write limiter: a token bucket in Redis (capacity = limit, refill limit/60 per second). Writes fail
 * closed: when Redis is unavailable the request gets 503 DEPENDENCY_UNAVAILABLE rather than an unlimited pass.
 */
export class TokenBucketStore implements RateLimitStore {
  private readonly script: LuaScript;
  private readonly redis: Redis;
  private readonly now: () => number;
  private readonly namespace: string;

  constructor(options: TokenBucketStoreOptions) {
    this.redis = options.redis;
    this.script = createLuaScript(options.redis, TOKEN_BUCKET_SCRIPT);
    this.now = options.now ?? Date.now;
    this.namespace = options.namespace ?? 'rl:tb:';
  }

  async hit(userId: string, limit: number, cost = 1): Promise<RateLimitCount> {
    const now = this.now();
    let reply: [number, string];
    try {
      const run = () => this.script.run([`${this.namespace}${userId}`], [limit, now, cost]);
      // cast: TOKEN_BUCKET_SCRIPT returns {admitted, tostring(tokens)}: an integer and a string.
      reply = (await withinTime(run, DEFAULT_COUNT_TIMEOUT_MS, 'rate-limit count')) as [number, string];
    } catch (error) {
      throw limiterUnavailable(error);
    }
    const admitted = reply[0] === 1;
    const tokens = Number(reply[1]);
    return {
      admitted,
      totalHits: admitted ? limit - Math.floor(tokens + 1e-9) : limit + 1,
      resetAtMs: bucketResetAt(tokens, limit, now, admitted, cost),
    };
  }

  /** The caller's bucket as it stands, refilled to now, without taking a token (full before any request). */
  async peek(userId: string, limit: number): Promise<RateLimitWindow> {
    const now = this.now();
    const [tokens, updated] = await this.redis.hmget(`${this.namespace}${userId}`, 'tokens', 'updated');
    const stored = tokens === null || updated === null ? null : { tokens: Number(tokens), updatedAt: Number(updated) };
    const state = refill(stored && { ...stored, tokens: Math.min(limit, stored.tokens) }, limit, now);
    return {
      totalHits: limit - Math.floor(state.tokens + 1e-9),
      resetAtMs: bucketResetAt(state.tokens, limit, now, true),
    };
  }

  async reset(userId: string): Promise<void> {
    await this.redis.del(`${this.namespace}${userId}`);
  }
}

/**
 * Token bucket: capacity = the per-minute limit, refilled continuously at limit/60 tokens per second; a request
 * takes one token (a batch one per item, all or none). The Redis Lua script (lua-scripts.ts) applies the same rule atomically.
 */
export interface BucketState {
  tokens: number;
  /** When `tokens` was last computed (ms). */
  updatedAt: number;
}

export function refillRatePerMs(limitPerMinute: number): number {
  return limitPerMinute / 60_000;
}

export function refill(state: BucketState | null, capacity: number, nowMs: number): BucketState {
  if (!state) return { tokens: capacity, updatedAt: nowMs };
  if (nowMs <= state.updatedAt) return state;
  const tokens = Math.min(capacity, state.tokens + (nowMs - state.updatedAt) * refillRatePerMs(capacity));
  return { tokens, updatedAt: nowMs };
}

export interface TakeResult {
  allowed: boolean;
  state: BucketState;
}

export function take(state: BucketState | null, capacity: number, nowMs: number): TakeResult {
  const current = refill(state, capacity, nowMs);
  if (current.tokens >= 1) return { allowed: true, state: { ...current, tokens: current.tokens - 1 } };
  return { allowed: false, state: current };
}

/** When the bucket is full again (allowed) or holds the `cost` tokens the request needs (rejected). */
export function bucketResetAt(tokens: number, capacity: number, nowMs: number, allowed: boolean, cost = 1): number {
  const missing = allowed ? capacity - tokens : cost - tokens;
  return nowMs + Math.max(1, Math.ceil(Math.max(0, missing) / refillRatePerMs(capacity)));
}
