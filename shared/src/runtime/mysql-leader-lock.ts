/*
 * Single leader across replicas: MySQL `GET_LOCK(name, 0)` taken on a dedicated pooled connection and held for as
 * long as the replica leads. The server frees the lock when that connection ends, so a crashed or partitioned
 * leader loses it and another replica takes over; writers fence each commit with `assertHeld`.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
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

/** The raw mysql2 connection knex pools; only what the lease uses. */
interface PooledConnection {
  on(event: 'error' | 'end', listener: (error?: unknown) => void): unknown;
  removeListener(event: 'error' | 'end', listener: (error?: unknown) => void): unknown;
  destroy(): void;
}

/** knex's client exposes its pool this way (typed `any` by knex). */
interface PoolingClient {
  acquireConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void>;
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

/** The current database of the pool's connections. */
export async function currentDatabaseName(db: Knex): Promise<string> {
  const [rows] = (await db.raw('SELECT DATABASE() AS name')) as [Array<{ name: string | null }>];
  return rows[0]?.name ?? '';
}

const first = <T>(result: unknown): T | undefined => (result as [T[]])[0][0];

/** Takes `lockName` without waiting; null when another connection holds it. */
export async function tryAcquireLeaderLock(db: Knex, lockName: string): Promise<LeaderLease | null> {
  const client = db.client as PoolingClient;
  const connection = await client.acquireConnection();
  const onConnection = <T>(sql: string, bindings: readonly string[]): Promise<T | undefined> =>
    db
      .raw(sql, bindings)
      .connection(connection)
      .then((result: unknown) => first<T>(result));
  let row: { acquired: number | null; id: number | string } | undefined;
  try {
    row = await onConnection('SELECT GET_LOCK(?, 0) AS acquired, CONNECTION_ID() AS id', [lockName]);
  } catch (error) {
    connection.destroy();
    await client.releaseConnection(connection);
    throw error;
  }
  if (!row || Number(row.acquired) !== 1) {
    await client.releaseConnection(connection);
    return null;
  }
  const connectionId = Number(row.id);
  const lost = new AbortController();
  const onFailure = () => lost.abort(new LeadershipLostError(lockName));
  connection.on('error', onFailure);
  connection.on('end', onFailure);
  let released = false;
  return {
    lockName,
    connectionId,
    lost: lost.signal,
    async assertHeld(queryable) {
      if (lost.signal.aborted) throw new LeadershipLostError(lockName);
      const holder = first<{ holder: number | string | null }>(
        await queryable.raw('SELECT IS_USED_LOCK(?) AS holder', [lockName]),
      );
      if (holder?.holder === null || Number(holder?.holder) !== connectionId) {
        onFailure();
        throw new LeadershipLostError(lockName);
      }
    },
    async heartbeat() {
      if (lost.signal.aborted) throw new LeadershipLostError(lockName);
      const sql = 'SELECT IS_USED_LOCK(?) = CONNECTION_ID() AS held';
      const held = await onConnection<{ held: number | null }>(sql, [lockName]).then(
        (row) => Number(row?.held) === 1,
        () => false,
      );
      if (!held) {
        onFailure();
        throw new LeadershipLostError(lockName);
      }
    },
    async release() {
      if (released) return;
      released = true;
      connection.removeListener('error', onFailure);
      connection.removeListener('end', onFailure);
      try {
        if (lost.signal.aborted) throw new LeadershipLostError(lockName);
        await onConnection('SELECT RELEASE_LOCK(?) AS released', [lockName]);
      } catch {
        // A connection that may still hold the lock never goes back into the pool as a healthy one.
        connection.destroy();
      }
      lost.abort(new LeadershipLostError(lockName));
      await client.releaseConnection(connection);
    },
  };
}
