/*
 * An express-rate-limit `Store` over one of the contract's algorithms (the sliding window, the token bucket): the
 * algorithm needs the caller's limit, which a Store's `increment(key)` does not get, so the key carries it as
 * `<subject>|<limit>` (decision 0011); the algorithm's Redis key names only the subject, so a changed limit keeps
 * the window. A refused request reports `limit + 1` hits and the earliest admission as `resetTime`.
 */
import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';
import type { RateLimitStore } from './rate-limit-store.js';

/** The key express-rate-limit hands the store for `subject` under `limit`. */
export function limitedKey(subject: string, limit: number): string {
  return `${subject}|${limit}`;
}

function parseLimitedKey(key: string): { subject: string; limit: number } {
  const bar = key.lastIndexOf('|');
  const limit = Number(key.slice(bar + 1));
  if (bar < 0 || !Number.isInteger(limit) || limit < 1) throw new Error(`rate-limit key without a limit: ${key}`);
  return { subject: key.slice(0, bar), limit };
}

export class PerLimitStore implements Store {
  constructor(private readonly algorithm: RateLimitStore) {}

  async increment(key: string): Promise<IncrementResponse> {
    const { subject, limit } = parseLimitedKey(key);
    const count = await this.algorithm.hit(subject, limit);
    return { totalHits: count.totalHits, resetTime: new Date(count.resetAtMs) };
  }

  /** The window as it stands, uncounted; rejects when it cannot be read. */
  async get(key: string): Promise<ClientRateLimitInfo> {
    const { subject, limit } = parseLimitedKey(key);
    const window = await this.algorithm.peek(subject, limit);
    return { totalHits: window.totalHits, resetTime: new Date(window.resetAtMs) };
  }

  /** Only called for skipFailedRequests/skipSuccessfulRequests, which no limiter uses: every request counts. */
  decrement(): void {}

  async resetKey(key: string): Promise<void> {
    await this.algorithm.reset(parseLimitedKey(key).subject);
  }
}
