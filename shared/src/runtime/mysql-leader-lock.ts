/*
 * Single leader across replicas: MySQL `GET_LOCK(name, 0)` taken on a dedicated pooled connection and held for as
 * long as the replica leads. The server frees the lock when that connection ends, so a crashed or partitioned
 * leader loses it and another replica takes over; writers fence each commit with `assertHeld`.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { acquireDedicatedConnection, lockHolderConnectionId } from '../db/named-locks.js';
import type { Queryable } from '../db/transaction.js';

/** MySQL caps user-level lock names at 64 characters. */
const MAX_LOCK_NAME = 64;

export class LeadershipLostError extends Error {
  constructor(lockName: string) {
    super(`lost the leader lock ${lockName}`);
    this.name = 'LeadershipLostError';
  }
}

/** The lock held by this replica; `lost` aborts when its connection fails. */
export interface LeaderLease {
  lockName: string;
  connectionId: number;
  lost: AbortSignal;
  /** Throws {@link LeadershipLostError} unless the lock is still held through this lease (e.g. before a commit). */
  assertHeld(db: Queryable): Promise<void>;
  /**
   * Checks the lock on its own connection, which also keeps that connection from idling into the server's
   * `wait_timeout`; throws {@link LeadershipLostError} (and aborts `lost`) when the lock or connection is gone.
   */
  heartbeat(): Promise<void>;
  /** Releases the lock and returns the connection to the pool (destroyed if it is unhealthy). */
  release(): Promise<void>;
}

/**
 * A lock name per (role, database): `foretell:<role>` alone would let deployments (or test suites) that share one
 * MySQL server but not one database block each other. Long database names are hashed to fit.
 */
export function leaderLockName(role: string, database: string): string {
  const name = `foretell:${role}:${database}`;
  if (name.length <= MAX_LOCK_NAME) return name;
  const digest = createHash('sha256').update(database).digest('hex').slice(0, 16);
  return `foretell:${role}:${digest}`.slice(0, MAX_LOCK_NAME);
}

/** The indexer's lock of one chain in one database. */
export function indexerLockName(chainId: number, database: string): string {
  return leaderLockName(`indexer:${chainId}`, database);
}

/** Takes `lockName` without waiting; null when another connection holds it. */
export async function tryAcquireLeaderLock(db: Knex, lockName: string): Promise<LeaderLease | null> {
  const connection = await acquireDedicatedConnection(db);
  let acquired: boolean;
  try {
    acquired = await connection.tryLock(lockName);
  } catch (error) {
    await connection.giveBack({ healthy: false });
    throw error;
  }
  if (!acquired) {
    await connection.giveBack({ healthy: true });
    return null;
  }
  const { connectionId } = connection;
  const lost = new AbortController();
  const onFailure = () => lost.abort(new LeadershipLostError(lockName));
  const stopWatching = connection.onLost(onFailure);
  let released = false;
  return {
    lockName,
    connectionId,
    lost: lost.signal,
    async assertHeld(queryable) {
      if (lost.signal.aborted) throw new LeadershipLostError(lockName);
      if ((await lockHolderConnectionId(queryable, lockName)) !== connectionId) {
        onFailure();
        throw new LeadershipLostError(lockName);
      }
    },
    async heartbeat() {
      if (lost.signal.aborted) throw new LeadershipLostError(lockName);
      const held = await connection.holdsLock(lockName).catch(() => false);
      if (!held) {
        onFailure();
        throw new LeadershipLostError(lockName);
      }
    },
    async release() {
      if (released) return;
      released = true;
      stopWatching();
      let healthy = true;
      try {
        if (lost.signal.aborted) throw new LeadershipLostError(lockName);
        await connection.releaseLock(lockName);
      } catch {
        // A connection that may still hold the lock never goes back into the pool as a healthy one.
        healthy = false;
      }
      lost.abort(new LeadershipLostError(lockName));
      await connection.giveBack({ healthy });
    },
  };
}
