/*
 * One owner per signing key (decision 0031). A key's nonces are one sequence; two processes signing with it replace or
 * refuse each other's transactions. So whoever signs (an executor replica with a key of the pool, an admin CLI run with
 * the platform admin key) first leases the key: a MySQL user-level lock (GET_LOCK, mysql-leader-lock.ts) named after
 * the key's address, held on a dedicated connection for as long as it signs. The server frees it when that connection
 * ends, so a killed holder's key is free at once; a live holder confirms it with a heartbeat.
 *
 * Fencing by time, no consensus of our own: a holder signs only within FENCE_MS of its last confirmed heartbeat, and a
 * new holder waits FENCE_MS after taking the lock before its first send. A holder's last confirmation precedes the
 * lock's release, which precedes the new holder's take, so the old holder has stopped before the new one starts.
 * The writer a lease gives checks the fence before every broadcast (eth_sendRawTransaction), whatever sends it, and
 * starts from the node's pending nonce.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { countUsedLocks, currentDatabaseName } from '../db/named-locks.js';
import { AppError } from '../errors/app-error.js';
import { sleep } from '../messaging/backoff.js';
import { tryAcquireLeaderLock, type LeaderLease } from '../runtime/mysql-leader-lock.js';
import { withSigner, type ChainReader, type ChainWriter, type SignerOptions } from './chain-clients.js';

/** How often a holder confirms its lock. */
const HEARTBEAT_MS = 1_000;
/** A holder signs only this long after its last confirmed heartbeat; a new holder waits this long before signing. */
export const FENCE_MS = 3_000;

export interface SignerLease {
  address: Address;
  /** Signs with the leased key; every broadcast is fenced by the lease. */
  writer: ChainWriter;
  /** Aborts when the lock is lost (its connection failed, a heartbeat found it gone). */
  lost: AbortSignal;
  /** Stops signing, releases the lock and returns its connection. */
  release(): Promise<void>;
}

/**
 * The lock of a key on one chain in one database: `fsigner:<address>:<digest of chain and database>` (MySQL caps
 * names at 64 characters). Suites and deployments sharing a MySQL server but not a database never block each other.
 */
export function signerLockName(address: Address, chainId: number, database: string): string {
  const scope = createHash('sha256').update(`${chainId}:${database}`).digest('hex').slice(0, 14);
  return `fsigner:${address.slice(2).toLowerCase()}:${scope}`;
}

/** Takes the key's lock without waiting; null when another process holds it. */
export async function tryLeaseSigner(
  db: Knex,
  reader: ChainReader,
  key: Hex,
  options: Omit<SignerOptions, 'fence'> = {},
): Promise<SignerLease | null> {
  const address = privateKeyToAccount(key).address;
  const lockName = signerLockName(address, reader.chain.id, await currentDatabaseName(db));
  const lock = await tryAcquireLeaderLock(db, lockName);
  if (!lock) return null;
  return startLease(lock, withSigner(reader, key, { ...options, fence: fenceOf(lock, address) }), address);
}

/**
 * Tries each key of a pool once, from a random one on (so replicas starting together spread over the pool); the
 * first free one is leased. Null when every key is held.
 */
export async function tryLeaseAnySigner(
  db: Knex,
  reader: ChainReader,
  keys: readonly Hex[],
  options: Omit<SignerOptions, 'fence'> = {},
): Promise<SignerLease | null> {
  const start = Math.floor(Math.random() * keys.length);
  const rotated = [...keys.slice(start), ...keys.slice(0, start)];
  for (const key of rotated) {
    const lease = await tryLeaseSigner(db, reader, key, options);
    if (lease) return lease;
  }
  return null;
}

/** Counts the keys of a pool leased now, by any process (the caller included): one query per count. */
export function leasedSignerCounter(db: Knex, reader: ChainReader, keys: readonly Hex[]): () => Promise<number> {
  const addresses = keys.map((key) => privateKeyToAccount(key).address);
  let names: readonly string[] | undefined;
  return async () => {
    // The pool's lock names depend on nothing that changes: the database is read once.
    if (names === undefined) {
      const database = await currentDatabaseName(db);
      names = addresses.map((address) => signerLockName(address, reader.chain.id, database));
    }
    return countUsedLocks(db, names);
  };
}

/** Waits up to `waitMs` for the key's lock (an admin CLI run queues behind another); DEPENDENCY_UNAVAILABLE after. */
export async function leaseSignerWaiting(
  db: Knex,
  reader: ChainReader,
  key: Hex,
  options: { waitMs: number; pollMs?: number },
): Promise<SignerLease> {
  const until = Date.now() + options.waitMs;
  for (;;) {
    const lease = await tryLeaseSigner(db, reader, key);
    if (lease) return lease;
    if (Date.now() >= until) {
      throw new AppError('DEPENDENCY_UNAVAILABLE', {
        detail: `Another process has been signing with ${privateKeyToAccount(key).address} for over ${options.waitMs} ms`,
      });
    }
    await sleep(options.pollMs ?? 200);
  }
}

/** Last confirmation of each lease's lock (ms since the epoch), kept by its heartbeat. */
const confirmations = new WeakMap<LeaderLease, number>();

/**
 * Refuses a broadcast unless the lock is held and was confirmed within FENCE_MS (see the file comment). A holder whose
 * heartbeats fell behind (a busy event loop, a slow server) confirms the lock once more before it refuses: the send
 * goes ahead only when that confirmation came back within FENCE_MS of being asked.
 */
function fenceOf(lock: LeaderLease, address: Address): () => Promise<void> {
  confirmations.set(lock, Date.now());
  let confirming: Promise<void> | undefined;
  const confirmNow = () => {
    confirming ??= confirm(lock).finally(() => (confirming = undefined));
    return confirming;
  };
  const fresh = () => Date.now() - (confirmations.get(lock) ?? 0) <= FENCE_MS;
  return async () => {
    if (lock.lost.aborted) throw fenceError(address, 'its lock was lost');
    if (fresh()) return;
    await confirmNow().catch(() => {
      throw fenceError(address, 'its lock was lost');
    });
    if (!fresh()) throw fenceError(address, 'its lock could not be confirmed');
  };
}

/** One heartbeat, recorded as a confirmation at the moment it was asked. */
async function confirm(lock: LeaderLease): Promise<void> {
  const sentAt = Date.now();
  await lock.heartbeat();
  confirmations.set(lock, Math.max(sentAt, confirmations.get(lock) ?? 0));
}

async function startLease(lock: LeaderLease, writer: ChainWriter, address: Address): Promise<SignerLease> {
  const notBefore = Date.now() + FENCE_MS;
  const beat = setInterval(() => {
    confirm(lock).catch(() => clearInterval(beat));
  }, HEARTBEAT_MS);
  beat.unref();
  writer.resetNonce();
  // A new holder waits out the fence of the previous one (see the file comment).
  await sleep(Math.max(0, notBefore - Date.now()));
  return {
    address,
    writer,
    lost: lock.lost,
    async release() {
      clearInterval(beat);
      await lock.release();
    },
  };
}

const fenceError = (address: Address, why: string) =>
  new AppError('DEPENDENCY_UNAVAILABLE', { detail: `Not signing with ${address}: ${why}` });
