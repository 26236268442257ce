import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startConsumer } from './consumer.js';
import { tradeJobSchema } from './message-schemas.js';
import { closeBrokerConnections, countBrokerConnections } from '#tooling/testing/messaging/broker-control.js';
import {
  createLogCapture,
  createTestMessaging,
  type TestMessaging,
} from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { declareTopology, EXCHANGES, QUEUES } from './topology.js';

describe('AmqpConnectionManager recovery', () => {
  let messaging: TestMessaging;

  beforeAll(async () => {
    messaging = await createTestMessaging();
  });

  afterAll(async () => {
    await messaging.destroy();
  });

  it('recovers after the broker drops its connections, and loses no confirmed message', async () => {
    const log = createLogCapture('info');
    const connectionName = `${messaging.prefix}:recovery`;
    const manager = messaging.createManager({ connectionName, logger: log.logger, publishTimeoutMs: 8_000 });
    await manager.connect();
    const seen = new Set<string>();
    let deliveries = 0;
    const consumer = await startConsumer(manager, {
      queue: QUEUES.chainExecutorTrades,
      schema: tradeJobSchema,
      logger: log.logger,
      prefetch: 8,
      handle: async (_message, context) => {
        deliveries += 1;
        // Hold each message briefly so some are unacknowledged when the connection drops.
        await new Promise((resolve) => setImmediate(resolve));
        seen.add(context.messageId);
      },
    });
    const publishOne = () => manager.publish(EXCHANGES.trades, 'trade.created', { tradeId: randomUUID() });
    const confirmed: string[] = [];
    for (let i = 0; i < 20; i++) confirmed.push(await publishOne());

    // Keep publishing, one confirm at a time, while the broker closes the connection under us.
    let dropped = false;
    const drop = closeBrokerConnections(connectionName).then((closed) => {
      dropped = true;
      return closed;
    });
    while (!dropped) confirmed.push(await publishOne());
    // Both of the process's connections: the one it publishes on and the one it consumes on.
    expect(await drop).toBe(2);
    for (let i = 0; i < 20; i++) confirmed.push(await publishOne());

    await waitFor('the consumer to see every confirmed message', () => confirmed.every((id) => seen.has(id)), {
      timeoutMs: 8_000,
    });
    expect(log.events()).toEqual(expect.arrayContaining(['amqp.connection_lost', 'amqp.connected']));
    expect(log.events().filter((event) => event === 'amqp.connected')).toHaveLength(4);
    expect(manager.isConnected()).toBe(true);
    expect(await countBrokerConnections(connectionName)).toBe(2);
    expect(deliveries).toBeGreaterThanOrEqual(confirmed.length);
    await consumer.stop();
    await manager.close();
  });

  it('comes back after the broker cancels it on a new connection while a re-attach asked on the old one is pending', async () => {
    const connectionName = `${messaging.prefix}:reattach`;
    const log = createLogCapture('debug');
    const count = (event: string) => log.events().filter((seen) => seen === event).length;
    // Re-attaches that fail for a while grow their delay to seconds: one is still pending when the connection is new.
    const manager = messaging.createManager({
      connectionName,
      logger: log.logger,
      reconnectBackoff: { initialMs: 100, maxMs: 3_000, factor: 2, jitter: 0 },
    });
    await manager.connect();
    const registration = await manager.consume(QUEUES.chainExecutorTrades, (delivery) => delivery.ack(), {
      prefetch: 1,
    });
    const queue = messaging.physical(QUEUES.chainExecutorTrades);
    const consumersOnQueue = async () => (await messaging.admin.checkQueue(queue)).consumerCount;
    await waitFor('the consumer to attach', async () => (await consumersOnQueue()) === 1);

    // The queue goes away: the broker cancels the consumer, and its re-attaches fail until the delay is seconds long.
    await messaging.admin.deleteQueue(queue);
    await waitFor('three failed re-attaches', () => count('amqp.consumer_attach_failed') >= 3);
    // The connections drop; the new ones declare the queue again and attach the consumer.
    // The old consuming connection may still attach once the publishing one has declared the queue again, so wait
    // for the new consuming connection itself (it attaches its consumers before it says it is connected).
    const consumingConnected = () =>
      log
        .lines()
        .filter((line) => line.event === 'amqp.connected' && line.connectionName === `${connectionName}:consume`)
        .length;
    const connectedBefore = consumingConnected();
    await closeBrokerConnections(connectionName, 'test: new connection');
    await waitFor('the new consuming connection', () => consumingConnected() > connectedBefore);
    await waitFor('the consumer on the new connection', async () => (await consumersOnQueue()) === 1);
    // The broker cancels it there too, while the re-attach asked on the old connection still waits.
    const cancelled = count('amqp.consumer_cancelled_by_broker');
    await messaging.admin.deleteQueue(queue);
    await waitFor('the cancel on the new connection', () => count('amqp.consumer_cancelled_by_broker') > cancelled);
    await declareTopology(messaging.admin, messaging.prefix);

    await waitFor('the consumer to come back', async () => (await consumersOnQueue()) === 1, { timeoutMs: 10_000 });
    await registration.cancel();
    await manager.close();
  }, 30_000);
});
