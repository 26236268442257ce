import { describe, expect, it } from '@jest/globals';
import { coalescedMarks } from './published-marks.js';

/** A mark whose calls stay open until released, recording the ids of each call. */
function controllableMark() {
  const calls: string[][] = [];
  const releases: Array<(error?: Error) => void> = [];
  const mark = (ids: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push([...ids]);
      releases.push((error) => (error ? reject(error) : resolve()));
    });
  return { mark, calls, release: (index: number, error?: Error) => releases[index]?.(error) };
}

describe('coalesced published marks', () => {
  it('marks the first ids at once and joins the ids that arrive meanwhile into one next call', async () => {
    const { mark, calls, release } = controllableMark();
    const marks = coalescedMarks(mark);
    const first = marks(['1']);
    const second = marks(['2', '3']);
    const third = marks(['4']);
    expect(calls).toEqual([['1']]);
    release(0);
    await first;
    await Promise.resolve();
    expect(calls).toEqual([['1'], ['2', '3', '4']]);
    release(1);
    await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
  });

  it('rejects only the writers of a failed call, and marks later ids in a new call', async () => {
    const { mark, calls, release } = controllableMark();
    const marks = coalescedMarks(mark);
    const first = marks(['1']);
    release(0, new Error('lost connection'));
    await expect(first).rejects.toThrow('lost connection');
    const next = marks(['2']);
    expect(calls).toEqual([['1'], ['2']]);
    release(1);
    await expect(next).resolves.toBeUndefined();
  });

  it('makes no call for an empty list', async () => {
    const { mark, calls } = controllableMark();
    await coalescedMarks(mark)([]);
    expect(calls).toEqual([]);
  });
});
