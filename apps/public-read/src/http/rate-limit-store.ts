/*
 * The rate-limit store: rate-limit-redis (fixed windows shared by every replica) with a local in-memory fallback
 * while Redis is unreachable, so public reads fail open but stay limited per replica (DESIGN.md §6).
 */
import { createHash } from 'node:crypto';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Logger } from '../../../../shared/src/logger/index.js';

/** Report a failing Redis at most this often. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * rate-limit-redis loads its Lua scripts once; a SCRIPT LOAD that fails while Redis is down would leave it with a
 * rejected script id forever. Answering SCRIPT LOAD with the script's SHA-1 (what Redis would return) when Redis
 * cannot be reached lets it recover by itself: the next EVALSHA gets NOSCRIPT and loads the script again.
 */
/** The one Redis method the store uses (ioredis's `call`). */
export interface RedisCaller {
  call(command: string, ...args: string[]): Promise<unknown>;
}

function sendCommandVia(redis: RedisCaller) {
  return async (command: string, ...args: string[]): Promise<RedisReply> => {
    if (command === 'SCRIPT' && args[0] === 'LOAD' && args[1] !== undefined) {
      try {
        return (await redis.call(command, ...args)) as RedisReply;
      } catch {
        return createHash('sha1').update(args[1]).digest('hex');
      }
    }
    return (await redis.call(command, ...args)) as RedisReply;
  };
}

export class RedisWithLocalFallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly primary: RedisStore;
  private readonly fallback = new MemoryStore();
  private lastErrorLoggedAt = 0;

  constructor(
    redis: RedisCaller,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.prefix = prefix;
    this.primary = new RedisStore({ sendCommand: sendCommandVia(redis), prefix });
  }

  async init(options: Options): Promise<void> {
    this.fallback.init(options);
    await this.primary.init(options);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.withFallback(
      () => this.primary.get(key),
      () => this.fallback.get(key),
    );
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.withFallback(
      () => this.primary.increment(key),
      () => this.fallback.increment(key),
    );
  }

  async decrement(key: string): Promise<void> {
    return this.withFallback(
      () => this.primary.decrement(key),
      () => this.fallback.decrement(key),
    );
  }

  async resetKey(key: string): Promise<void> {
    return this.withFallback(
      () => this.primary.resetKey(key),
      () => this.fallback.resetKey(key),
    );
  }

  shutdown(): void {
    this.fallback.shutdown();
  }

  private async withFallback<T>(primary: () => Promise<T>, fallback: () => Promise<T> | T): Promise<T> {
    try {
      return await primary();
    } catch (error) {
      const now = Date.now();
      if (now - this.lastErrorLoggedAt >= ERROR_LOG_INTERVAL_MS) {
        this.lastErrorLoggedAt = now;
        this.logger.warn({ err: error }, 'rate limit store unavailable; limiting per replica in memory');
      }
      return fallback();
    }
  }
}
