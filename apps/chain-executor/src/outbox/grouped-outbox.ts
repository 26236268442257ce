/**
 * Group commit for outbox transactions. The works submitted in one turn of the event loop (up to `maxGroup`) run
 * one after another in a single transaction, and their messages are published together after its commit: one
 * BEGIN/COMMIT and one publish round for the group instead of one per work. The chain executor uses it because its
 * batched sends settle many trades at the same moment.
 *
 * A group that fails as a whole (a deadlock past the outbox's own retries, a lost connection, or one work throwing)
 * rolled back entirely, so each of its works runs again on its own: every work ends exactly as it would have
 * without grouping, its result or its own error. Works must therefore be plain database work (no side effect
 * outside the transaction), as every outbox work already is, since the outbox may run a deadlocked one again.
 */
import type { Knex } from 'knex';
import { perTurnChunks } from './per-turn-chunks.js';
import type { EnqueueOutboxMessage, OutboxTransaction } from '#shared/messaging/outbox.js';

interface Waiting {
  /** Runs the work inside the group's transaction; the returned settle resolves its caller after the commit. */
  inGroup(trx: Knex.Transaction, enqueue: EnqueueOutboxMessage): Promise<() => void>;
  /** Runs the work in a transaction of its own (after its group failed), settling its caller. */
  alone(): void;
}

export function createGroupedOutbox(outbox: OutboxTransaction, options: { maxGroup: number }): OutboxTransaction {
  async function runGroup(group: Waiting[]): Promise<void> {
    const [only] = group;
    if (only && group.length === 1) return only.alone();
    let settles: Array<() => void>;
    try {
      settles = await outbox(async (trx, enqueue) => {
        const done: Array<() => void> = [];
        for (const entry of group) done.push(await entry.inGroup(trx, enqueue));
        return done;
      });
    } catch {
      for (const entry of group) entry.alone();
      return;
    }
    for (const settle of settles) settle();
  }

  const add = perTurnChunks<Waiting>(options.maxGroup, (group) => void runGroup(group));
  return (work) =>
    new Promise((resolve, reject) =>
      add({
        async inGroup(trx, enqueue) {
          const value = await work(trx, enqueue);
          return () => resolve(value);
        },
        alone: () => void outbox(work).then(resolve, reject),
      }),
    );
}
