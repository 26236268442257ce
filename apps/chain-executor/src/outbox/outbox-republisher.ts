import type { Knex } from 'knex';
import type { Logger } from '#shared/logger/logger.js';
import { createFailureLog } from '#shared/logger/failure-log.js';
import { isRetryableError } from '#shared/messaging/error-classification.js';
import { sleep } from '#shared/messaging/backoff.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { publishOutboxRows, type OutboxPublishOptions, type OutboxPublishResult } from '#shared/messaging/outbox.js';
import { lockStaleUnpublished } from '#shared/db/outbox/outbox.repository.js';

export interface RepublishStaleOptions extends OutboxPublishOptions {
  /** Rows younger than this are left to the writer that is publishing them right now. */
  olderThanMs: number;
  batchSize: number;
}

export interface OutboxRepublisherOptions extends RepublishStaleOptions {
  /** Pause between sweeps that found less than a full batch. */
  intervalMs: number;
  logger?: Logger;
}

export interface RunningOutboxRepublisher {
  /** Ends the loop after the current sweep. */
  stop(): Promise<void>;
}

/**
 * Publishes one batch of unpublished rows older than `olderThanMs`, oldest first, holding their row locks
 * (FOR UPDATE SKIP LOCKED) until they are marked, so concurrent sweeps on other replicas skip them. Does nothing
 * while the broker is unreachable rather than holding locks through a publish timeout.
 */
export async function republishStaleOutbox(
  db: Knex,
  manager: AmqpConnectionManager,
  options: RepublishStaleOptions,
): Promise<OutboxPublishResult> {
  if (!manager.isConnected()) return { published: [], failed: [] };
  // READ COMMITTED: lock only the rows returned, no gap locks that would stall writers' inserts meanwhile.
  return db.transaction(
    async (trx) => {
      const stale = await lockStaleUnpublished(trx, options.olderThanMs, options.batchSize);
      return publishOutboxRows(trx, manager, stale, options);
    },
    { isolationLevel: 'read committed' },
  );
}

/** Sweeps for stale outbox rows until stopped: at once again after a full batch, else every `intervalMs`. */
export function startOutboxRepublisher(
  db: Knex,
  manager: AmqpConnectionManager,
  options: OutboxRepublisherOptions,
): RunningOutboxRepublisher {
  const logger = options.logger ?? manager.logger;
  const sweepUnavailable = createFailureLog(logger, {
    event: 'outbox.republish_failed',
    message: 'outbox sweep failed; its dependency is unavailable',
  });
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let fullBatch = false;
      try {
        const { published, failed } = await republishStaleOutbox(db, manager, options);
        if (published.length > 0 || failed.length > 0) {
          logger.info({ event: 'outbox.republished', published: published.length, failed: failed.length });
        }
        fullBatch = failed.length === 0 && published.length >= options.batchSize;
      } catch (err) {
        if (isRetryableError(err)) sweepUnavailable(err);
        else logger.error({ event: 'outbox.republish_failed', err }, 'outbox sweep failed');
      }
      if (!fullBatch) await sleep(options.intervalMs, stopping.signal);
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}
