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
