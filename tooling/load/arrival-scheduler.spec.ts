import { describe, expect, it } from '@jest/globals';
import { iterationsDueBy, runArrivalRate } from './arrival-scheduler.js';

describe('arrival-rate scheduler (the Node twin of k6 ramping-arrival-rate)', () => {
  const stages = [
    { duration: '10s', target: 10 },
    { duration: '20s', target: 10 },
    { duration: '10s', target: 0 },
  ];

  it('starts iterations at the integral of a rate ramping linearly from 0', () => {
    expect(iterationsDueBy(stages, 0)).toBe(0);
    expect(iterationsDueBy(stages, 5_000)).toBeCloseTo(12.5, 9);
    expect(iterationsDueBy(stages, 10_000)).toBeCloseTo(50, 9);
    expect(iterationsDueBy(stages, 30_000)).toBeCloseTo(250, 9);
    expect(iterationsDueBy(stages, 40_000)).toBeCloseTo(300, 9);
    expect(iterationsDueBy(stages, 99_000)).toBeCloseTo(300, 9);
  });

  it("runs the due iterations on distinct virtual users, counting each user's iterations", async () => {
    const seen: Array<[number, number]> = [];
    const result = await runArrivalRate({
      stages: [{ duration: '500ms', target: 40 }],
      maxVUs: 50,
      gracefulStopMs: 1_000,
      tickMs: 5,
      runIteration: async (vu, iteration) => {
        seen.push([vu, iteration]);
      },
    });
    expect(result.started).toBe(10);
    expect(result.dropped).toBe(0);
    expect(seen).toHaveLength(10);
    expect(seen.every(([vu]) => vu >= 1 && vu <= 50)).toBe(true);
  });

  it('drops and counts iterations due while every virtual user is busy, as k6 does', async () => {
    const release: Array<() => void> = [];
    const result = await runArrivalRate({
      stages: [
        { duration: '400ms', target: 50 },
        { duration: '200ms', target: 50 },
      ],
      maxVUs: 2,
      gracefulStopMs: 50,
      tickMs: 5,
      runIteration: () => new Promise<void>((resolve) => release.push(resolve)),
    });
    expect(result.started).toBe(2);
    expect(result.dropped).toBe(
      Math.floor(
        iterationsDueBy(
          [
            { duration: '400ms', target: 50 },
            { duration: '200ms', target: 50 },
          ],
          600,
        ),
      ) - 2,
    );
    expect(result.interrupted).toBe(2);
    for (const done of release) done();
  });
});
