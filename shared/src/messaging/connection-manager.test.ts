import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { brokerChannelsOf, countBrokerConnections } from '#tooling/testing/messaging/broker-control.js';
import {
  createLogCapture,
  createTestMessaging,
  type TestMessaging,
} from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { DEAD_LETTER_EXCHANGE, EXCHANGES, parkingQueueOf, QUEUES, WORK_QUEUES } from './topology.js';

describe('AmqpConnectionManager', () => {
  let messaging: TestMessaging;

  beforeAll(async () => {
    messaging = await createTestMessaging();
  });

  beforeEach(async () => {
    await messaging.purgeAll();
  });

  afterAll(async () => {
    await messaging.destroy();
  });

  it('connect declares the prefixed topology: quorum work queues with dead-lettering to parking queues', async () => {
    const manager = messaging.createManager();
    await messaging.admin.deleteQueue(messaging.physical(QUEUES.chainExecutorRedemptions));

    await manager.connect();

    expect(manager.isConnected()).toBe(true);
    for (const exchange of [...Object.values(EXCHANGES), DEAD_LETTER_EXCHANGE]) {
      await expect(messaging.admin.checkExchange(messaging.physical(exchange))).resolves.toBeDefined();
    }
    for (const { queue } of WORK_QUEUES) {
      await expect(messaging.admin.checkQueue(messaging.physical(queue))).resolves.toBeDefined();
      await expect(messaging.admin.checkQueue(messaging.physical(parkingQueueOf(queue)))).resolves.toBeDefined();
    }
    await manager.close();
  });

  it('publish resolves with the messageId once confirmed, and the message is a persistent JSON message in the bound queue', async () => {
    const manager = messaging.createManager();
    await manager.connect();
    const payload = { redemptionId: randomUUID() };

    const messageId = await manager.publish(EXCHANGES.redemptions, 'redemption.requested', payload, {
      headers: { 'x-correlation-id': 'c1' },
    });

    const [message, ...rest] = await messaging.drainQueue(QUEUES.chainExecutorRedemptions);
    expect(rest).toHaveLength(0);
    expect(JSON.parse(message!.content.toString())).toEqual(payload);
    expect(message!.fields.routingKey).toBe('redemption.requested');
    expect(message!.properties).toMatchObject({
      messageId,
      deliveryMode: 2,
      contentType: 'application/json',
      headers: expect.objectContaining({ 'x-correlation-id': 'c1' }),
    });
    await manager.close();
  });

  it('publish uses the messageId it is given (the outbox row id)', async () => {
    const manager = messaging.createManager();
    const messageId = randomUUID();

    await expect(manager.publish(EXCHANGES.trades, 'k', { tradeId: randomUUID() }, { messageId })).resolves.toBe(
      messageId,
    );

    const [message] = await messaging.drainQueue(QUEUES.chainExecutorTrades);
    expect(message!.properties.messageId).toBe(messageId);
    await manager.close();
  });

  it('publish to an exchange the broker does not know fails at once with DEPENDENCY_UNAVAILABLE, and the next publish works', async () => {
    const manager = messaging.createManager({ publishTimeoutMs: 20_000 });
    await manager.connect();
    const started = Date.now();

    const failure = await manager.publish('no-such-exchange', 'k', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(manager.publish(EXCHANGES.trades, 'k', { tradeId: randomUUID() })).resolves.toEqual(
      expect.any(String),
    );
    expect(manager.isConnected()).toBe(true);
    await manager.close();
  });

  it('publish waits for a connection while the broker is unreachable, then rejects DEPENDENCY_UNAVAILABLE at its timeout', async () => {
    const log = createLogCapture();
    const manager = messaging.createManager({
      url: 'amqp://guest:guest@127.0.0.1:1',
      publishTimeoutMs: 300,
      logger: log.logger,
    });

    const failure = await manager.publish(EXCHANGES.trades, 'k', {}).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', retry: true });
    expect(manager.isConnected()).toBe(false);
    expect(log.events()).toContain('amqp.connect_failed');
    await manager.close();
  });

  it('connect rejects DEPENDENCY_UNAVAILABLE after its timeout when the broker is unreachable', async () => {
    const manager = messaging.createManager({ url: 'amqp://guest:guest@127.0.0.1:1', connectTimeoutMs: 200 });

    await expect(manager.connect()).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });
    await manager.close();
  });

  it('publishes on one connection and consumes on another, so a broker blocking publishers under an alarm still reads the acks', async () => {
    const connectionName = `${messaging.prefix}:separate`;
    const manager = messaging.createManager({ connectionName });
    await manager.connect();
    // A process that only publishes opens only the publishing connection.
    await manager.publish(EXCHANGES.trades, 'trade.created', { tradeId: randomUUID() });
    expect(await countBrokerConnections(connectionName)).toBe(1);

    const consumer = await manager.consume(QUEUES.chainExecutorTrades, () => undefined, { prefetch: 1 });
    await manager.publish(EXCHANGES.trades, 'trade.created', { tradeId: randomUUID() });
    const channels = await waitFor('both connections with their channels', async () => {
      const listed = await brokerChannelsOf(connectionName);
      return listed.some((channel) => channel.consumers > 0) && listed.some((channel) => channel.confirm)
        ? listed
        : undefined;
    });
    expect(channels.filter((channel) => channel.confirm).map((channel) => channel.connection)).toEqual([
      `${connectionName}:publish`,
    ]);
    expect(channels.filter((channel) => channel.consumers > 0).map((channel) => channel.connection)).toEqual([
      `${connectionName}:consume`,
    ]);
    await consumer.cancel();
    await manager.close();
  });

  it('close is final: the connection goes away, publishes and consumes reject, nothing reconnects', async () => {
    const connectionName = `${messaging.prefix}:closing`;
    const manager = messaging.createManager({ connectionName });
    await manager.connect();
    await manager.consume(QUEUES.chainExecutorTrades, () => undefined, { prefetch: 1 });

    await manager.close();

    expect(manager.isConnected()).toBe(false);
    await expect(manager.publish(EXCHANGES.trades, 'k', {})).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });
    await expect(manager.consume(QUEUES.chainExecutorTrades, () => undefined, { prefetch: 1 })).rejects.toBeInstanceOf(
      AppError,
    );
    await waitFor(
      'the broker to drop the connection',
      async () => (await countBrokerConnections(connectionName)) === 0,
    );
    const consumers = (await messaging.admin.checkQueue(messaging.physical(QUEUES.chainExecutorTrades))).consumerCount;
    expect(consumers).toBe(0);
  });
});
