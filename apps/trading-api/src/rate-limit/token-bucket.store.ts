import { createLuaScript, type LuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';
import type { RateLimitCount, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';
import { limiterUnavailable } from './limiter-unavailable.js';
import { TOKEN_BUCKET_SCRIPT } from './lua-scripts.js';
import { bucketResetAt, refill } from './token-bucket-math.js';

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

  async hit(userId: string, limit: number): Promise<RateLimitCount> {
    const now = this.now();
    let reply: [number, string];
    try {
      // cast: TOKEN_BUCKET_SCRIPT returns {admitted, tostring(tokens)}: an integer and a string.
      reply = (await this.script.run([`${this.namespace}${userId}`], [limit, now])) as [number, string];
    } catch (error) {
      throw limiterUnavailable(error);
    }
    const admitted = reply[0] === 1;
    const tokens = Number(reply[1]);
    return {
      admitted,
      totalHits: admitted ? limit - Math.floor(tokens + 1e-9) : limit + 1,
      resetAtMs: bucketResetAt(tokens, limit, now, admitted),
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
