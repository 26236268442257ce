/**
 * Token bucket: capacity = the per-minute limit, refilled continuously at limit/60 tokens per second; a request
 * takes one token. The Redis Lua script (lua-scripts.ts) applies the same rule atomically.
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

/** When the bucket is full again (allowed) or holds one token (rejected). */
export function bucketResetAt(tokens: number, capacity: number, nowMs: number, allowed: boolean): number {
  const missing = allowed ? capacity - tokens : 1 - tokens;
  return nowMs + Math.max(1, Math.ceil(Math.max(0, missing) / refillRatePerMs(capacity)));
}
