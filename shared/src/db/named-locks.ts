/*
 * MySQL user-level locks (GET_LOCK / IS_USED_LOCK / RELEASE_LOCK). Such a lock belongs to one server connection and
 * lives as long as it, so it is taken on a connection checked out of the pool and held outside knex's per-query
 * checkout until it is given back.
 */
import type { Knex } from 'knex';
import { rowsOfRaw, type Queryable } from './transaction.js';

/** A pooled connection held by its user until {@link DedicatedConnection.giveBack}. */
export interface DedicatedConnection {
  /** The server's id of this connection (what IS_USED_LOCK answers for its locks). */
  readonly connectionId: number;
  /** Calls `listener` when the connection fails or the server ends it; returns the unsubscribe. */
  onLost(listener: () => void): () => void;
  /** GET_LOCK(name, 0): true when taken, false when another connection holds it. */
  tryLock(name: string): Promise<boolean>;
  /** Whether this connection holds `name`, asked on this connection (which also keeps it from idling out). */
  holdsLock(name: string): Promise<boolean>;
  releaseLock(name: string): Promise<void>;
  /** Returns it to the pool; an unhealthy one (it may still hold a lock) is destroyed first. */
  giveBack(options: { healthy: boolean }): Promise<void>;
}

/** The raw mysql2 connection knex pools; only what is used here. */
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

/** The first row of a `db.raw` SELECT (its columns read one by one by the caller). */
const firstRow = (result: unknown): Record<string, unknown> | undefined => rowsOfRaw(result)[0];

/** The current database of the pool's connections. */
export async function currentDatabaseName(db: Knex): Promise<string> {
  const name = firstRow(await db.raw('SELECT DATABASE() AS name'))?.name;
  return typeof name === 'string' ? name : '';
}

/** The connection id holding `name`, or null when no connection holds it. */
export async function lockHolderConnectionId(db: Queryable, name: string): Promise<number | null> {
  const holder = firstRow(await db.raw('SELECT IS_USED_LOCK(?) AS holder', [name]))?.holder;
  return holder === null || holder === undefined ? null : Number(holder);
}

/** How many of `names` some connection holds (one query). */
export async function countUsedLocks(db: Queryable, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const held = names.map(() => '(IS_USED_LOCK(?) IS NOT NULL)').join(' + ');
  return Number(firstRow(await db.raw(`SELECT ${held} AS held`, [...names]))?.held ?? 0);
}

/** Checks a connection out of the pool for as long as the caller needs it. */
export async function acquireDedicatedConnection(db: Knex): Promise<DedicatedConnection> {
  // knex types its client `any`; its pool is acquired and released this way (PoolingClient above).
  const client: PoolingClient = db.client;
  const connection = await client.acquireConnection();
  const query = async (sql: string, bindings: readonly string[]): Promise<Record<string, unknown> | undefined> =>
    firstRow(await db.raw(sql, bindings).connection(connection));
  let connectionId: number;
  try {
    connectionId = Number((await query('SELECT CONNECTION_ID() AS id', []))?.id);
  } catch (error) {
    connection.destroy();
    await client.releaseConnection(connection);
    throw error;
  }
  return {
    connectionId,
    onLost(listener) {
      connection.on('error', listener);
      connection.on('end', listener);
      return () => {
        connection.removeListener('error', listener);
        connection.removeListener('end', listener);
      };
    },
    async tryLock(name) {
      return Number((await query('SELECT GET_LOCK(?, 0) AS acquired', [name]))?.acquired) === 1;
    },
    async holdsLock(name) {
      const row = await query('SELECT IS_USED_LOCK(?) = CONNECTION_ID() AS held', [name]);
      return Number(row?.held) === 1;
    },
    async releaseLock(name) {
      await query('SELECT RELEASE_LOCK(?) AS released', [name]);
    },
    async giveBack({ healthy }) {
      if (!healthy) connection.destroy();
      await client.releaseConnection(connection);
    },
  };
}
