/*
 * Joins the hits of one subject that arrive while a Redis call for it is in flight into the next call, which counts
 * them all at once (INCRBY n in the stores' scripts) and answers each hit with its own place in the count. The
 * first hit of a quiet subject goes out at once (no added latency); under load, N concurrent requests of one
 * client cost one round trip and one script run per in-flight period instead of N. Every hit is still counted and
 * admitted or refused exactly as if the hits had arrived one after another.
 */
import { withinTime } from '#shared/runtime/within-time.js';

interface Waiter<R> {
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Counts `hits` hits of `subject` under `limit` in one call; resolves with one result per hit, in arrival order. */
export type CountHits<R> = (subject: string, limit: number, hits: number) => Promise<R[]>;

export interface HitCoalescer<R> {
  hit(subject: string, limit: number): Promise<R>;
}

/** A call that has not answered by then fails its hits (the stores fall back or refuse), and the next call starts. */
export const DEFAULT_COUNT_TIMEOUT_MS = 1_000;

export function createHitCoalescer<R>(countHits: CountHits<R>, options: { timeoutMs?: number } = {}): HitCoalescer<R> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_COUNT_TIMEOUT_MS;
  /** Per subject and limit: the hits waiting for the call in flight to finish (an empty list: one is in flight). */
  const queued = new Map<string, Array<Waiter<R>>>();

  const countWithin = (subject: string, limit: number, hits: number): Promise<R[]> =>
    withinTime(() => countHits(subject, limit, hits), timeoutMs, 'rate-limit count');

  function send(slot: string, subject: string, limit: number, waiters: Array<Waiter<R>>): void {
    queued.set(slot, []);
    countWithin(subject, limit, waiters.length)
      .then((results) => {
        if (results.length !== waiters.length) {
          throw new Error(`a count of ${waiters.length} hits answered ${results.length}`);
        }
        results.forEach((result, index) => waiters[index]?.resolve(result));
      })
      .catch((error: unknown) => waiters.forEach((waiter) => waiter.reject(error)))
      .finally(() => {
        const next = queued.get(slot) ?? [];
        if (next.length === 0) queued.delete(slot);
        else send(slot, subject, limit, next);
      });
  }

  return {
    hit(subject, limit) {
      const slot = `${limit}|${subject}`;
      return new Promise<R>((resolve, reject) => {
        const waiting = queued.get(slot);
        if (waiting) waiting.push({ resolve, reject });
        else send(slot, subject, limit, [{ resolve, reject }]);
      });
    },
  };
}
