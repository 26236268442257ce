import type { Knex } from 'knex';
import { addRequestUsage, usageBucketMs, type UsageIncrement } from '../db/request-usage/request-usage.repository.js';
import type { Logger } from '#shared/logger/logger.js';

/**
 * Per-key request counters (requests, rate-limit rejections, auth failures) aggregated in memory per UTC minute
 * and flushed to request_usage in one upsert: the hot path never waits for MySQL. `flush()` runs on a timer
 * (`start`) and on shutdown (`stop`); a failed flush keeps the counts for the next one.
 */
export interface UsageRecorder {
  recordRequest(apiKeyId: string): void;
  recordRateLimitRejection(apiKeyId: string): void;
  recordAuthFailure(apiKeyId: string): void;
  flush(): Promise<void>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

type Field = 'requests' | 'rateLimitRejections' | 'authFailures';

export function createUsageRecorder(deps: { db: Knex; logger: Logger; now?: () => number }): UsageRecorder {
  const now = deps.now ?? Date.now;
  let pending = new Map<string, UsageIncrement>();
  let timer: NodeJS.Timeout | undefined;

  function add(apiKeyId: string, field: Field): void {
    const bucketMs = usageBucketMs(now());
    const id = `${apiKeyId}@${bucketMs}`;
    let entry = pending.get(id);
    if (!entry) {
      entry = { apiKeyId, bucketStart: new Date(bucketMs), requests: 0, rateLimitRejections: 0, authFailures: 0 };
      pending.set(id, entry);
    }
    entry[field] += 1;
  }

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addRequestUsage(deps.db, [...batch.values()]);
    } catch (error) {
      deps.logger.warn({ err: error, rows: batch.size }, 'usage counters not flushed; retrying later');
      for (const [id, entry] of batch) {
        const current = pending.get(id);
        if (!current) pending.set(id, entry);
        else {
          current.requests += entry.requests;
          current.rateLimitRejections += entry.rateLimitRejections;
          current.authFailures += entry.authFailures;
        }
      }
    }
  }

  return {
    recordRequest: (apiKeyId) => add(apiKeyId, 'requests'),
    recordRateLimitRejection: (apiKeyId) => add(apiKeyId, 'rateLimitRejections'),
    recordAuthFailure: (apiKeyId) => add(apiKeyId, 'authFailures'),
    flush,
    start(intervalMs = 5_000) {
      timer ??= setInterval(() => void flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
