/*
 * Joins the hits of one subject that arrive while a Redis call for it is in flight into the next call, which counts
 * them all at once (INCRBY n in the stores' scripts) and answers each hit with its own position in the count. The
 * first hit of a quiet subject goes out at once (no added latency); under load, N concurrent requests of one
 * client cost one round trip and one script run per in-flight period instead of N. Every hit is still counted and
 * admitted or refused exactly as if the hits had arrived one after another.
 */

interface Waiter<R> {
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Counts `hits` hits of `subject` under `limit` in one call; resolves with one result per hit, in arrival order. */
export type CountHits<R> = (subject: string, limit: number, hits: number) => Promise<R[]>;

export interface HitCoalescer<R> {
  hit(subject: string, limit: number): Promise<R>;
}

export function createHitCoalescer<R>(countHits: CountHits<R>): HitCoalescer<R> {
  /** Per subject and limit: the hits waiting for the call in flight to finish (an empty list: one is in flight). */
  const queued = new Map<string, Array<Waiter<R>>>();

  function send(slot: string, subject: string, limit: number, waiters: Array<Waiter<R>>): void {
    queued.set(slot, []);
    countHits(subject, limit, waiters.length)
      .then(
        (results) => waiters.forEach((waiter, index) => waiter.resolve(results[index]!)),
        (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
      )
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
