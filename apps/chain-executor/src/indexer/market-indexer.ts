/*
 * The market-event indexer, a role of chain-executor. Every replica runs it; one leads (MySQL GET_LOCK on a
 * dedicated connection), the others retry every few seconds. The leader follows the market contracts of every
 * market on this chain from the stored cursor, polling every `pollMs`, and steps down when its lock connection
 * fails (each write transaction re-checks the lock, so a deposed leader commits nothing).
 */
import type { Registry } from 'prom-client';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import type { Knex } from '#shared/db/create-knex.js';
import type { Logger } from '#shared/logger/logger.js';
import { isRetryableError } from '#shared/messaging/error-classification.js';
import { backoffDelay, sleep, type BackoffPolicy } from '#shared/messaging/backoff.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { checkGenesis } from './chain-history-repair.js';
import { followChainStep } from './follow-chain-step.js';
import { loadFollowerState, type FollowerSettings, type FollowerState } from './follower-state.js';
import type { IndexerContext } from './index-block-range.js';
import { createIndexerMetrics } from './indexer-metrics.js';
import { currentDatabaseName } from '#shared/db/named-locks.js';
import {
  indexerLockName,
  LeadershipLostError,
  tryAcquireLeaderLock,
  type LeaderLease,
} from '#shared/runtime/mysql-leader-lock.js';

export interface MarketIndexerDeps {
  db: Knex;
  reader: ChainReader;
  logger: Logger;
  /** The app's metrics registry (served at /metrics); no metrics without it. */
  registry?: Registry;
  /** Publishes market notices for live streams right after each commit (decision 0022). */
  amqp?: AmqpConnectionManager;
}

export interface MarketIndexerSettings {
  /** Pause between steps once caught up with the head (INDEXER_POLL_MS). */
  pollMs: number;
  /** Most blocks per range and per `eth_getLogs` (INDEXER_MAX_BLOCK_RANGE). */
  maxBlockRange: number;
  /** How often a non-leader tries to take the lock; default 2 s. */
  leaderRetryMs?: number;
  /** Blocks re-indexed after a reorg; default 64. */
  reorgRewindBlocks?: number;
  /** First block to index; default 0. */
  startBlock?: bigint;
  /** Default: {@link indexerLockName} of this chain and database. */
  lockName?: string;
}

export interface RunningMarketIndexer {
  /** Finishes the current step, releases the lock (if held) and ends the loop. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

const FAILURE_BACKOFF: BackoffPolicy = { initialMs: 200, maxMs: 5_000, factor: 2, jitter: 0.2 };

export function startMarketIndexer(deps: MarketIndexerDeps, settings: MarketIndexerSettings): RunningMarketIndexer {
  const stopping = new AbortController();
  const chainId = deps.reader.chain.id;
  const logger = deps.logger.child({ component: 'market-indexer' });
  const metrics = createIndexerMetrics(deps.registry);
  const follower: FollowerSettings = {
    maxBlockRange: BigInt(settings.maxBlockRange),
    rewindDepth: BigInt(settings.reorgRewindBlocks ?? 64),
    startBlock: settings.startBlock ?? 0n,
  };
  const retryMs = settings.leaderRetryMs ?? 2_000;
  let leading = false;

  const loop = (async () => {
    let lockName = settings.lockName;
    while (!stopping.signal.aborted) {
      let lease: LeaderLease | null = null;
      try {
        lockName ??= indexerLockName(chainId, await currentDatabaseName(deps.db));
        lease = await tryAcquireLeaderLock(deps.db, lockName);
      } catch (error) {
        logger.warn({ event: 'indexer.lock_failed', err: error }, 'could not try the indexer lock');
      }
      if (!lease) {
        await sleep(retryMs, stopping.signal);
        continue;
      }
      leading = true;
      metrics.setLeader(true);
      logger.info({ event: 'indexer.leading', chainId, lockName }, 'leading the market indexer');
      try {
        const context = {
          db: deps.db,
          reader: deps.reader,
          chainId,
          logger,
          metrics,
          fence: lease.assertHeld,
          amqp: deps.amqp,
        };
        await lead(context, lease, follower, settings.pollMs, AbortSignal.any([stopping.signal, lease.lost]));
      } finally {
        await lease.release();
        leading = false;
        metrics.setLeader(false);
        logger.info({ event: 'indexer.stepped_down', chainId, lockName }, 'no longer leading the market indexer');
      }
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
    isLeader: () => leading,
  };
}

/** Steps until `signal` aborts (stop or lost lock); failures back off and reload the state from MySQL. */
async function lead(
  context: IndexerContext,
  lease: LeaderLease,
  settings: FollowerSettings,
  pollMs: number,
  signal: AbortSignal,
) {
  let state: FollowerState | null = null;
  let failures = 0;
  while (!signal.aborted) {
    let caughtUp: boolean;
    try {
      await lease.heartbeat();
      if (!state) {
        state = await loadFollowerState(context.db, context.chainId);
        await checkGenesis(context, state);
      }
      ({ caughtUp } = await followChainStep(context, settings, state));
      failures = 0;
    } catch (error) {
      if (error instanceof LeadershipLostError) return;
      failures += 1;
      state = null;
      context.metrics.countFailure();
      const line = { event: 'indexer.step_failed', failures, err: error };
      if (isRetryableError(error)) context.logger.warn(line, 'indexer step failed; retrying');
      else context.logger.error(line, 'indexer step failed');
      await sleep(backoffDelay(failures, FAILURE_BACKOFF), signal);
      continue;
    }
    if (caughtUp) await sleep(pollMs, signal);
  }
}
