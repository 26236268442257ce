import { describe, expect, it } from '@jest/globals';
import { createHitCoalescer } from './hit-coalescer.js';

/** A count whose calls are recorded and finish only when the test says so. */
function controlledCount() {
  const calls: Array<{ subject: string; limit: number; hits: number; finish(): void; fail(error: Error): void }> = [];
  let total = 0;
  const count = (subject: string, limit: number, hits: number) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({
        subject,
        limit,
        hits,
        finish: () => {
          total += hits;
          resolve(Array.from({ length: hits }, (_, index) => total - hits + index + 1));
        },
        fail: reject,
      });
    });
  return { calls, count };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createHitCoalescer', () => {
  it('sends the first hit of a subject at once and joins the hits that arrive meanwhile into the next call', async () => {
    const { calls, count } = controlledCount();
    const coalescer = createHitCoalescer(count);
    const first = coalescer.hit('client', 10);
    const queued = [coalescer.hit('client', 10), coalescer.hit('client', 10), coalescer.hit('client', 10)];
    await settled();
    expect(calls.map((call) => call.hits)).toEqual([1]);
    calls[0]!.finish();
    expect(await first).toBe(1);
    await settled();
    expect(calls.map((call) => call.hits)).toEqual([1, 3]);
    calls[1]!.finish();
    expect(await Promise.all(queued)).toEqual([2, 3, 4]);
  });

  it('keeps subjects and limits apart', async () => {
    const { calls, count } = controlledCount();
    const coalescer = createHitCoalescer(count);
    const hits = [coalescer.hit('a', 10), coalescer.hit('b', 10), coalescer.hit('a', 20)];
    await settled();
    expect(calls.map((call) => [call.subject, call.limit, call.hits])).toEqual([
      ['a', 10, 1],
      ['b', 10, 1],
      ['a', 20, 1],
    ]);
    calls.forEach((call) => call.finish());
    expect(await Promise.all(hits)).toEqual([1, 2, 3]);
  });

  it('rejects every hit of a failed call and still sends the hits queued behind it', async () => {
    const { calls, count } = controlledCount();
    const coalescer = createHitCoalescer(count);
    const failing = [coalescer.hit('client', 5)];
    const behind = coalescer.hit('client', 5);
    await settled();
    calls[0]!.fail(new Error('redis down'));
    await expect(Promise.all(failing)).rejects.toThrow('redis down');
    await settled();
    calls[1]!.finish();
    expect(await behind).toBe(1);
  });

  it('forgets a subject once nothing is in flight for it', async () => {
    const { calls, count } = controlledCount();
    const coalescer = createHitCoalescer(count);
    const one = coalescer.hit('client', 5);
    await settled();
    calls[0]!.finish();
    await one;
    await settled();
    const two = coalescer.hit('client', 5);
    await settled();
    expect(calls.map((call) => call.hits)).toEqual([1, 1]);
    calls[1]!.finish();
    expect(await two).toBe(2);
  });
});

describe('createHitCoalescer when the count misbehaves', () => {
  it('rejects the hits of a count that throws at once, and counts the next hit afresh', async () => {
    let calls = 0;
    const coalescer = createHitCoalescer<number>((_subject, _limit, hits) => {
      calls += 1;
      if (calls === 1) throw new Error('no script');
      return Promise.resolve(Array.from({ length: hits }, (_, index) => index + 1));
    });
    await expect(coalescer.hit('client', 5)).rejects.toThrow('no script');
    expect(await coalescer.hit('client', 5)).toBe(1);
  });

  it('rejects every hit of a count that answers for fewer hits than it was asked', async () => {
    const coalescer = createHitCoalescer<number>(() => Promise.resolve([]));
    await expect(coalescer.hit('client', 5)).rejects.toThrow('a count of 1 hits answered 0');
  });

  it('fails the hits of a count that never answers after the timeout, and the next hit is sent', async () => {
    let calls = 0;
    const coalescer = createHitCoalescer<number>(
      () => {
        calls += 1;
        return calls === 1 ? new Promise<number[]>(() => undefined) : Promise.resolve([7]);
      },
      { timeoutMs: 20 },
    );
    await expect(coalescer.hit('client', 5)).rejects.toThrow('rate-limit count took over 20 ms');
    expect(await coalescer.hit('client', 5)).toBe(7);
  });
});
