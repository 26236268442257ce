/*
 * Leader-elected periodic work: every replica runs the loop, one holds the MySQL lock (mysql-leader-lock.ts) and
 * runs `work` every `intervalMs`; the others try for the lock at the same pace. A lost lock (its connection died,
 * or another session took it) aborts the leader's work signal and stops the work until the lock is taken again.
 * Work must be idempotent (conditional updates): a deposed leader may finish the round it had started.
 */
import type { Knex } from 'knex';
import type { Logger } from '../logger/logger.js';
import { backoffDelay, sleep, type BackoffPolicy } from '../messaging/backoff.js';
import { isRetryableError, transientSummary } from '../messaging/error-classification.js';
import { currentDatabaseName } from '../db/named-locks.js';
import { leaderLockName, tryAcquireLeaderLock, type LeaderLease } from './mysql-leader-lock.js';

export interface LeaderLoopOptions {
  db: Knex;
  /** The role, e.g. `trades:reconcile`; the MySQL lock is scoped to the current database (leaderLockName). */
  lockName: string;
  /** Pause between rounds of work, and between attempts to take the lock. */
  intervalMs: number;
  logger: Logger;
  /** One round; `signal` aborts when the loop stops or the lock is lost. */
  work: (signal: AbortSignal) => Promise<void>;
}

const FAILURE_BACKOFF: BackoffPolicy = { initialMs: 200, maxMs: 10_000, factor: 2, jitter: 0.2 };

/** Starts the loop; the returned function stops it, waits for the current round and releases the lock. */
export function runLeaderLoop(options: LeaderLoopOptions): () => Promise<void> {
  const stopping = new AbortController();
  const stopSignal = stopping.signal;
  const logger = options.logger.child({ component: 'leader-loop', lock: options.lockName });

  const loop = (async () => {
    let lockName: string | undefined;
    while (!stopSignal.aborted) {
      let lease: LeaderLease | null = null;
      try {
        lockName ??= leaderLockName(options.lockName, await currentDatabaseName(options.db));
        lease = await tryAcquireLeaderLock(options.db, lockName);
      } catch (error) {
        logger.warn({ event: 'leader.lock_failed', err: transientSummary(error) }, 'could not try the leader lock');
      }
      if (!lease) {
        await sleep(options.intervalMs, stopSignal);
        continue;
      }
      logger.info({ event: 'leader.leading' }, 'leading');
      try {
        await lead(options, lease, AbortSignal.any([stopSignal, lease.lost]), logger);
      } finally {
        await lease.release();
        logger.info({ event: 'leader.stepped_down' }, 'no longer leading');
      }
    }
  })();

  return async () => {
    stopping.abort();
    await loop;
  };
}

/** Rounds of work until `signal` aborts; a failed round is logged once and retried after a backoff. */
async function lead(options: LeaderLoopOptions, lease: LeaderLease, signal: AbortSignal, logger: Logger) {
  let failures = 0;
  while (!signal.aborted) {
    // heartbeat() fails only with LeadershipLostError: the lock is gone, the caller tries to lead again.
    if (
      !(await lease.heartbeat().then(
        () => true,
        () => false,
      ))
    )
      return;
    try {
      await options.work(signal);
      failures = 0;
    } catch (error) {
      failures += 1;
      if (isRetryableError(error)) {
        logger.warn(
          { event: 'leader.work_failed', failures, err: transientSummary(error) },
          'round failed; will retry',
        );
      } else {
        logger.error({ event: 'leader.work_failed', failures, err: error }, 'round failed');
      }
      await sleep(backoffDelay(failures, FAILURE_BACKOFF), signal);
      continue;
    }
    await sleep(options.intervalMs, signal);
  }
}
