/*
 * Marks outbox rows published for every writer of one pool together: the first writer's ids go out at once (no added
 * latency when quiet); ids that arrive while that UPDATE is in flight are marked by the next one. Under load, N
 * writers that publish at the same time cost one UPDATE (one round trip, one commit) instead of N. A failed mark
 * only means the republisher sends the rows again, and consumers dedupe by messageId.
 */
import type { Knex } from 'knex';
import { markPublished } from '../db/repositories/outbox.repository.js';
import { coalescedTask } from '../streams/coalesced-task.js';

/** Marks rows published, by message id. */
export type MarkPublished = (messageIds: readonly string[]) => Promise<void>;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** One coalescing marker around `mark` (exported for its unit test; writers use publishedMarksOf). */
export function coalescedMarks(mark: MarkPublished): MarkPublished {
  let pending: string[] = [];
  let waiters: Waiter[] = [];
  // One UPDATE at a time; ids that arrive meanwhile make exactly one more run, which takes them all.
  const flush = coalescedTask(
    async () => {
      const ids = pending;
      const batch = waiters;
      pending = [];
      waiters = [];
      try {
        await mark(ids);
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    },
    () => undefined,
  );
  return (ids) => {
    if (ids.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      pending.push(...ids);
      waiters.push({ resolve, reject });
      flush.request();
    });
  };
}

const markersByPool = new WeakMap<Knex, MarkPublished>();

/** The coalescing marker of `db`'s pool (one per pool, shared by every writer of the process). */
export function publishedMarksOf(db: Knex): MarkPublished {
  let marker = markersByPool.get(db);
  if (!marker) {
    marker = coalescedMarks((ids) => markPublished(db, ids));
    markersByPool.set(db, marker);
  }
  return marker;
}
