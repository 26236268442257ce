/** Exponential backoff with a cap and jitter, shared by reconnects and consumer retries. */
export interface BackoffPolicy {
  /** Delay before the first retry, before jitter. */
  initialMs: number;
  /** No delay ever exceeds this. */
  maxMs: number;
  /** Growth per attempt (≥ 1). */
  factor: number;
  /** Fraction (0–1) of the delay that is randomised away, so that many clients do not retry in lockstep. */
  jitter: number;
}

export const RECONNECT_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 10_000, factor: 2, jitter: 0.3 };

/**
 * Delay before retry number `attempt` (1-based): `min(maxMs, initialMs · factor^(attempt-1))`, of which a random
 * fraction up to `jitter` is removed. The result lies in `[(1 - jitter) · base, base]`, so the cap holds exactly.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const base = Math.min(policy.maxMs, policy.initialMs * Math.pow(Math.max(1, policy.factor), exponent));
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  return Math.round(base * (1 - jitter * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects: callers check their own state). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
