import type { Knex } from 'knex';
import { listDueKeyHeads } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import type { Logger } from '#shared/logger/logger.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { runLeaderLoop } from '#shared/runtime/leader-loop.js';
import { createFailureLog } from '#shared/logger/failure-log.js';
import type { Redis } from '#shared/redis/create-redis.js';
import { withinTime } from '#shared/runtime/within-time.js';

/** A Redis that does not answer a PING within this long counts as down for the round. */
const REDIS_CHECK_MS = 1_000;

/**
 * The leader wakes every key whose oldest open event is due: retries whose time came, events postponed by an open
 * breaker, and events whose wake-up was lost (a dispatcher died holding the key's lease, a publish that never
 * reached the broker). Events are woken only once `graceMs` overdue, so fresh events, which their own message
 * wakes, are not woken twice. Each wake-up is a message, so any replica can take the key. While Redis (the keys'
 * leases) does not answer, a round wakes nothing: every wake-up would fail its deliveries and park, a batch per poll.
 */
export function startWakeDueKeysLoop(
  deps: { db: Knex; amqp: AmqpConnectionManager; redis: Redis; logger: Logger; now: () => Date },
  options: { pollMs: number; batchSize: number; graceMs: number },
): () => Promise<void> {
  const redisDown = createFailureLog(deps.logger, {
    event: 'webhooks.sweep_paused',
    message: 'Redis does not answer: due keys are woken once it does',
  });
  return runLeaderLoop({
    db: deps.db,
    lockName: 'webhooks:wake-due-keys',
    intervalMs: options.pollMs,
    logger: deps.logger,
    work: async (signal) => {
      const answered = await withinTime(() => deps.redis.ping(), REDIS_CHECK_MS, 'redis ping').then(
        () => true,
        (error: unknown) => (redisDown(error), false),
      );
      if (!answered) return;
      const cutoff = new Date(deps.now().getTime() - options.graceMs);
      const heads = await listDueKeyHeads(deps.db, cutoff, options.batchSize);
      for (const head of heads) {
        if (signal.aborted) return;
        await deps.amqp.publish(EXCHANGES.events, 'wake', head);
      }
      if (heads.length > 0) deps.logger.debug({ event: 'webhooks.keys_woken', keys: heads.length }, 'woke due keys');
    },
  });
}
