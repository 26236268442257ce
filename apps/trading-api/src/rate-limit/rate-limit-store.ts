/** A caller's window as a limiter reports it: `limit - totalHits` requests are still admitted until `resetAtMs`. */
export interface RateLimitWindow {
  totalHits: number;
  /** Epoch milliseconds: when the window resets (admitted) or the next request would be admitted (refused). */
  resetAtMs: number;
}

export interface RateLimitCount extends RateLimitWindow {
  admitted: boolean;
}

/**
 * A rate-limit algorithm (plugged into express-rate-limit by operation-limiters.ts) over a store (Redis, with a
 * per-process fallback where the policy allows one). `subject` is who is counted (a user, a route and an address);
 * `limit` is theirs and may change between calls.
 */
export interface RateLimitStore {
  /**
   * Counts one request of `subject` if it is admitted; rejects when the store cannot decide (a fail-closed one).
   * `cost` (the token bucket's only) is how many tokens the request draws: all of them or none (default 1).
   */
  hit(subject: string, limit: number, cost?: number): Promise<RateLimitCount>;
  /** The window as it stands, without counting; rejects when the store cannot be read. */
  peek(subject: string, limit: number): Promise<RateLimitWindow>;
  /** Forgets the subject's count (a fresh window or a full bucket). */
  reset(subject: string): Promise<void>;
}
