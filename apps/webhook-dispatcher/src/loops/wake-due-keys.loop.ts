import type { Knex } from 'knex';
import { listDueKeyHeads } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import type { Logger } from '#shared/logger/logger.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { runLeaderLoop } from '#shared/runtime/leader-loop.js';

/**
 * The leader wakes every key whose oldest open event is due: retries whose time came, events postponed by an open
 * breaker, and events whose wake-up was lost (a dispatcher died holding the key's lease, a publish that never
 * reached the broker). Events are woken only once `graceMs` overdue, so fresh events, which their own message
 * wakes, are not woken twice. Each wake-up is a message, so any replica can take the key.
 */
export function startWakeDueKeysLoop(
  deps: { db: Knex; amqp: AmqpConnectionManager; logger: Logger; now: () => Date },
  options: { pollMs: number; batchSize: number; graceMs: number },
): () => Promise<void> {
  return runLeaderLoop({
    db: deps.db,
    lockName: 'webhooks:wake-due-keys',
    intervalMs: options.pollMs,
    logger: deps.logger,
    work: async (signal) => {
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
