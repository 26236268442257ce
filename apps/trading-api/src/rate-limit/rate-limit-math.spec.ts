import fc from 'fast-check';
import { describe, expect, it } from '@jest/globals';
import { admits, estimateHits, nextAdmissionAt, reportedHits, windowPosition } from './sliding-window.store.js';
import { bucketResetAt, take, type BucketState } from './token-bucket.store.js';

const W = 60_000;

describe('sliding window math', () => {
  it('weights the previous window by the share still inside the sliding window', () => {
    expect(estimateHits({ previous: 60, current: 0 }, 0, W)).toBe(60);
    expect(estimateHits({ previous: 60, current: 10 }, 30_000, W)).toBe(40);
    expect(estimateHits({ previous: 60, current: 10 }, W, W)).toBe(10);
  });

  it('admits while estimate + 1 stays within the limit', () => {
    expect(admits({ previous: 0, current: 59 }, 10, W, 60)).toBe(true);
    expect(admits({ previous: 0, current: 60 }, 10, W, 60)).toBe(false);
    expect(admits({ previous: 60, current: 29 }, 30_000, W, 60)).toBe(true);
    expect(admits({ previous: 60, current: 30 }, 30_000, W, 60)).toBe(false);
  });

  it('reports hits so that limit - hits is the number of requests still admitted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (limit, estimate) => {
          fc.pre(estimate <= limit);
          const remaining = limit - reportedHits(estimate, limit);
          expect(remaining).toBeGreaterThanOrEqual(0);
          expect(estimate + remaining).toBeLessThanOrEqual(limit + 1e-6);
          expect(estimate + remaining + 1).toBeGreaterThan(limit);
        },
      ),
    );
  });

  it('predicts the first admitted moment after a rejection', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: W - 1 }),
        (limit, previous, current, elapsed) => {
          const now = 10 * W + elapsed;
          const counts = { previous, current };
          fc.pre(!admits(counts, elapsed, W, limit));
          const at = nextAdmissionAt(counts, now, W, limit);
          expect(at).toBeGreaterThan(now);
          const position = windowPosition(at, W);
          const later =
            position.windowStart === 10 * W
              ? counts
              : position.windowStart === 11 * W
                ? { previous: current, current: 0 }
                : { previous: 0, current: 0 };
          expect(admits(later, position.elapsed, W, limit)).toBe(true);
        },
      ),
    );
  });
});

describe('token bucket math', () => {
  it('starts full, takes one token per request and refuses when empty', () => {
    let state: BucketState | null = null;
    let admitted = 0;
    for (let i = 0; i < 100; i += 1) {
      const result = take(state, 60, 1_000);
      state = result.state;
      if (result.allowed) admitted += 1;
    }
    expect(admitted).toBe(60);
  });

  it('refills limit/60 tokens per second up to the capacity', () => {
    const empty = { tokens: 0, updatedAt: 0 };
    expect(take(empty, 60, 999).allowed).toBe(false);
    expect(take(empty, 60, 1_000).allowed).toBe(true);
    expect(take(empty, 60, 10 * 60_000).state.tokens).toBe(59);
  });

  it('resets when full (admitted) or when one token is back (rejected)', () => {
    expect(bucketResetAt(59, 60, 0, true)).toBe(1_000);
    expect(bucketResetAt(0.5, 60, 0, false)).toBe(500);
  });
});
