import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { deferredMarks } from './published-marks.js';

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

const turn = () => new Promise((resolve) => setImmediate(resolve));

function markerOf(
  mark: ReturnType<typeof controllableMark>['mark'],
  options: { lingerMs?: number; maxIds?: number } = {},
) {
  const failures: Array<{ message: string; ids: readonly string[] }> = [];
  const marker = deferredMarks(mark, {
    lingerMs: options.lingerMs ?? 20,
    maxIds: options.maxIds ?? 100,
    onError: (error, ids) => failures.push({ message: (error as Error).message, ids }),
  });
  return { marker, failures };
}

describe('deferred published marks', () => {
  it('answers the writer at once and marks every id queued within the linger in one call', async () => {
    const { mark, calls, release } = controllableMark();
    const { marker } = markerOf(mark);
    await marker.mark(['1']);
    await marker.mark(['2', '3']);
    expect(calls).toEqual([]);
    await sleep(40);
    expect(calls).toEqual([['1', '2', '3']]);
    release(0);
  });

  it('starts a call at once when the queue reaches its bound, and leaves the rest to the next call', async () => {
    const { mark, calls, release } = controllableMark();
    const { marker } = markerOf(mark, { lingerMs: 10_000, maxIds: 3 });
    await marker.mark(['1', '2', '3', '4']);
    expect(calls).toEqual([['1', '2', '3']]);
    release(0);
    await turn();
    expect(calls).toEqual([['1', '2', '3'], ['4']]);
    release(1);
  });

  it('marks ids queued while a call runs in exactly one next call', async () => {
    const { mark, calls, release } = controllableMark();
    const { marker } = markerOf(mark, { lingerMs: 1 });
    await marker.mark(['1']);
    await sleep(10);
    expect(calls).toEqual([['1']]);
    await marker.mark(['2']);
    await marker.mark(['3']);
    await sleep(10);
    expect(calls).toEqual([['1']]);
    release(0);
    await sleep(10);
    expect(calls).toEqual([['1'], ['2', '3']]);
    release(1);
  });

  it('reports the ids of a failed call and still marks later ids', async () => {
    const { mark, calls, release } = controllableMark();
    const { marker, failures } = markerOf(mark, { lingerMs: 1 });
    await marker.mark(['1']);
    await sleep(10);
    release(0, new Error('lost connection'));
    await turn();
    expect(failures).toEqual([{ message: 'lost connection', ids: ['1'] }]);
    await marker.mark(['2']);
    await sleep(10);
    expect(calls).toEqual([['1'], ['2']]);
    release(1);
  });

  it('flush marks what is queued now and resolves when it is marked', async () => {
    const { mark, calls, release } = controllableMark();
    const { marker } = markerOf(mark, { lingerMs: 10_000 });
    await marker.mark(['1', '2']);
    let flushed = false;
    const flushing = marker.flush().then(() => (flushed = true));
    await turn();
    expect(calls).toEqual([['1', '2']]);
    expect(flushed).toBe(false);
    release(0);
    await flushing;
    expect(flushed).toBe(true);
  });

  it('makes no call for an empty list, and flush resolves with nothing queued', async () => {
    const { mark, calls } = controllableMark();
    const { marker } = markerOf(mark, { lingerMs: 1 });
    await marker.mark([]);
    await marker.flush();
    await sleep(10);
    expect(calls).toEqual([]);
  });
});
