import type { Channel } from 'amqplib';

/**
 * RabbitMQ topology of DESIGN.md §4. Names here are logical; every deployment (and every test suite) applies a
 * prefix through `physicalName`, so suites can run side by side on one broker. Each environment has its own
 * (staging `staging`, production `production`: cdk8s/lib/environment.ts), so two environments on one broker never
 * share a queue; the local stack uses ''.
 */
export const EXCHANGES = {
  trades: 'trades',
  redemptions: 'redemptions',
  events: 'events',
  /** Live notices for open streams and waiting reads (decision 0022); each replica binds its own temporary queue. */
  streams: 'streams',
} as const;
export type ExchangeName = (typeof EXCHANGES)[keyof typeof EXCHANGES];

export const QUEUES = {
  chainExecutorTrades: 'chain-executor.trades',
  chainExecutorRedemptions: 'chain-executor.redemptions',
  webhookDispatcherEvents: 'webhook-dispatcher.events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Direct exchange that receives dead letters; each work queue's dead letters carry the queue's name as key. */
export const DEAD_LETTER_EXCHANGE = 'dlx';

/**
 * Deliveries a work queue allows before it dead-letters a message to its parking queue. Quorum queues count
 * every return to the queue: a nack with requeue and a delivery lost with its channel.
 */
export const DELIVERY_LIMIT = 10;

export interface WorkQueueBinding {
  queue: QueueName;
  exchange: ExchangeName;
  bindingKey: string;
}

export const WORK_QUEUES: readonly WorkQueueBinding[] = [
  { queue: QUEUES.chainExecutorTrades, exchange: EXCHANGES.trades, bindingKey: '#' },
  { queue: QUEUES.chainExecutorRedemptions, exchange: EXCHANGES.redemptions, bindingKey: '#' },
  { queue: QUEUES.webhookDispatcherEvents, exchange: EXCHANGES.events, bindingKey: '#' },
];

/** The broker-side name of a logical exchange or queue: `<prefix>.<name>`, or the name itself without a prefix. */
export function physicalName(prefix: string, logicalName: string): string {
  return prefix ? `${prefix}.${logicalName}` : logicalName;
}

/** Logical name of the queue that holds a work queue's dead letters. */
export function parkingQueueOf(queue: string): string {
  return `${queue}.parking`;
}

/** Declares every exchange, queue and binding. Idempotent: run on every (re)connect. */
export async function declareTopology(channel: Channel, prefix: string): Promise<void> {
  const dlx = physicalName(prefix, DEAD_LETTER_EXCHANGE);
  await channel.assertExchange(dlx, 'direct', { durable: true });
  for (const exchange of Object.values(EXCHANGES)) {
    await channel.assertExchange(physicalName(prefix, exchange), 'topic', { durable: true });
  }
  for (const { queue, exchange, bindingKey } of WORK_QUEUES) {
    const workQueue = physicalName(prefix, queue);
    const parkingQueue = physicalName(prefix, parkingQueueOf(queue));
    await channel.assertQueue(parkingQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await channel.bindQueue(parkingQueue, dlx, workQueue);
    await channel.assertQueue(workQueue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        'x-dead-letter-exchange': dlx,
        'x-dead-letter-routing-key': workQueue,
        'x-delivery-limit': DELIVERY_LIMIT,
      },
    });
    await channel.bindQueue(workQueue, physicalName(prefix, exchange), bindingKey);
  }
}

/** Removes everything `declareTopology` created under `prefix` (test teardown). */
export async function deleteTopology(channel: Channel, prefix: string): Promise<void> {
  for (const { queue } of WORK_QUEUES) {
    await channel.deleteQueue(physicalName(prefix, queue));
    await channel.deleteQueue(physicalName(prefix, parkingQueueOf(queue)));
  }
  for (const exchange of [...Object.values(EXCHANGES), DEAD_LETTER_EXCHANGE]) {
    await channel.deleteExchange(physicalName(prefix, exchange));
  }
}
