import { EXCHANGES, QUEUES } from '#shared/messaging/topology.js';
import { startConsumer, type RunningConsumer } from '#shared/messaging/consumer.js';
import { webhookEventMessageSchema } from '#shared/messaging/message-schemas.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { Logger } from '#shared/logger/logger.js';
import type { DispatcherDeps } from '../delivery/dispatcher-deps.js';
import { deliverKeyEvents } from '../use-cases/deliver-key-events.use-case.js';

/**
 * `webhook-dispatcher.events`: a validated `{eventId, apiKeyId}` wakes that key → deliverKeyEvents → ack. The
 * message only says "this key has something to deliver"; order comes from the key's sequence numbers in MySQL,
 * so a single shared queue with any prefetch keeps each key's order. A key another delivery holds is acked at
 * once: the lease records the wake, and its holder looks at the key again after releasing it.
 */
export function startWebhookEventsConsumer(
  amqp: AmqpConnectionManager,
  deps: DispatcherDeps,
  options: { prefetch: number; logger: Logger },
): Promise<RunningConsumer> {
  return startConsumer(amqp, {
    queue: QUEUES.webhookDispatcherEvents,
    schema: webhookEventMessageSchema,
    prefetch: options.prefetch,
    logger: options.logger,
    handle: async (message) => {
      // A key that used up its lease's share goes to the back of the queue (any replica may take it next).
      if ((await deliverKeyEvents(deps, message.apiKeyId)) === 'yielded') {
        await amqp.publish(EXCHANGES.events, 'wake', message);
      }
    },
  });
}
