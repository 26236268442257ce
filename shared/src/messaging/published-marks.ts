/*
 * Marks a writer's outbox rows published after the fact, for every writer of one pool together. A writer queues the
 * ids its broker confirmed and goes on at once (its request or job does not wait for the mark); the queued ids are
 * marked within LINGER_MS, all in one UPDATE, or at once when MAX_IDS are queued. Under load N writers cost one
 * round trip and one commit instead of N. A mark that fails or never runs (a crash) only means the republisher,
 * which leaves rows younger than OUTBOX_REPUBLISH_AFTER_MS (seconds) alone, sends the rows again, and consumers
 * dedupe by messageId. The pool's owner flushes the queue before it closes the pool.
 */
import type { Knex } from 'knex';
import type { Logger } from '../logger/logger.js';
import { markPublished } from '../db/outbox/outbox.repository.js';
import { coalescedTask } from '../streams/coalesced-task.js';

/** Marks rows published, by message id. */
export type MarkPublished = (messageIds: readonly string[]) => Promise<void>;

export interface DeferredMarks {
  /** Queues the ids and resolves at once; they are marked within the linger. */
  mark: MarkPublished;
  /** Marks every queued id now; resolves when no mark is queued or running. */
  flush(): Promise<void>;
}

/** How long queued ids wait for company before their UPDATE. */
const LINGER_MS = 50;
/** Queued ids that start an UPDATE at once (it stays one bounded statement). */
const MAX_IDS = 500;

/** One deferred marker around `mark` (exported for its unit test; writers use publishedMarksOf). */
export function deferredMarks(
  mark: MarkPublished,
  options: { lingerMs: number; maxIds: number; onError(error: unknown, messageIds: readonly string[]): void },
): DeferredMarks {
  const queued: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  // One UPDATE at a time, until the queue is empty (ids queued during one go in the next).
  const run = coalescedTask(
    async () => {
      clearTimeout(timer);
      timer = undefined;
      while (queued.length > 0) {
        const ids = queued.splice(0, options.maxIds);
        await mark(ids).catch((error: unknown) => options.onError(error, ids));
      }
    },
    () => undefined,
  );
  return {
    mark(ids) {
      queued.push(...ids);
      if (queued.length >= options.maxIds) run.request();
      else if (queued.length > 0 && !timer) timer = setTimeout(() => run.request(), options.lingerMs).unref();
      return Promise.resolve();
    },
    async flush() {
      while (queued.length > 0 || timer) {
        run.request();
        await run.idle();
      }
      await run.idle();
    },
  };
}

const markersByPool = new WeakMap<Knex, DeferredMarks>();

/** The deferred marker of `db`'s pool (one per pool, shared by every writer of the process). */
export function publishedMarksOf(db: Knex, logger?: Logger): DeferredMarks {
  let marker = markersByPool.get(db);
  if (!marker) {
    marker = deferredMarks((ids) => markPublished(db, ids), {
      lingerMs: LINGER_MS,
      maxIds: MAX_IDS,
      onError: (err, messageIds) =>
        logger?.warn(
          { event: 'outbox.mark_published_failed', messages: messageIds.length, err },
          'outbox rows not marked published; the republisher will send them again',
        ),
    });
    markersByPool.set(db, marker);
  }
  return marker;
}

/** Marks what `db`'s writers queued (before the pool closes); nothing when none was queued. */
export async function flushPublishedMarks(db: Knex): Promise<void> {
  await markersByPool.get(db)?.flush();
}
