import { describe, expect, it } from '@jest/globals';
import { coalescedTask } from './coalesced-task.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedTask', () => {
  it('runs once per idle request and once more for any number of requests during a run', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const task = coalescedTask(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      () => undefined,
    );
    task.request();
    task.request();
    task.request();
    expect(runs).toBe(1);
    release();
    await tick();
    expect(runs).toBe(2);
    release();
    await task.idle();
    expect(runs).toBe(2);
    task.request();
    release();
    await task.idle();
    expect(runs).toBe(3);
  });

  it('reports a failed run and keeps serving requests; nothing runs after stop', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = coalescedTask(
      () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      (error) => errors.push(error),
    );
    task.request();
    await task.idle();
    task.request();
    await task.idle();
    task.stop();
    task.request();
    await task.idle();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
