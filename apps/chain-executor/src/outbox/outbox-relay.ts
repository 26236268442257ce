import type { Logger } from '#shared/logger/logger.js';
import { startOutboxRepublisher } from './outbox-republisher.js';
import type { ServiceResources } from '#shared/runtime/service-resources.js';

export interface OutboxRelaySettings {
  republishAfterMs: number;
  pollMs: number;
  batchSize?: number;
}

/**
 * The executor's outbox relay: publishes outbox rows whose writer did not (crash or broker outage between
 * commit and publish). Row locks with SKIP LOCKED make any replica count safe. Returns its stop function.
 */
export function startOutboxRelay(
  resources: ServiceResources,
  logger: Logger,
  settings: OutboxRelaySettings,
): () => Promise<void> {
  if (!resources.db || !resources.amqp) throw new Error('the outbox relay needs MySQL and RabbitMQ');
  const relay = startOutboxRepublisher(resources.db, resources.amqp, {
    olderThanMs: settings.republishAfterMs,
    batchSize: settings.batchSize ?? 100,
    intervalMs: settings.pollMs,
    logger,
  });
  return () => relay.stop();
}
