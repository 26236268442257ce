import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { currentContext } from '../logger/request-context.js';
import type { AmqpConnectionManager } from './connection-manager.js';
import { startConsumer, type MessageContext, type RunningConsumer } from './consumer.js';
import { tradeJobSchema, type TradeJob } from './message-schemas.js';
import {
  createLogCapture,
  createTestMessaging,
  type TestMessaging,
} from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { DELIVERY_LIMIT, EXCHANGES, parkingQueueOf, QUEUES } from './topology.js';

const queue = QUEUES.chainExecutorTrades;
const parking = parkingQueueOf(queue);

describe('startConsumer', () => {
  let messaging: TestMessaging;
  let manager: AmqpConnectionManager;
  let consumer: RunningConsumer | undefined;
  const log = createLogCapture();

  beforeAll(async () => {
    messaging = await createTestMessaging();
    manager = messaging.createManager({ logger: log.logger });
    await manager.connect();
  });

  beforeEach(async () => {
    await consumer?.stop();
    consumer = undefined;
    await messaging.purgeAll();
  });

  afterAll(async () => {
    await consumer?.stop();
    await messaging.destroy();
  });

  const consume = async (
    handle: (message: TradeJob, context: MessageContext) => Promise<void>,
    options: { prefetch?: number } = {},
  ) => {
    consumer = await startConsumer(manager, {
      queue,
      schema: tradeJobSchema,
      handle,
      logger: log.logger,
      retryDelayMs: () => 0,
      ...options,
    });
    return consumer;
  };

  const parkedMessage = () =>
    waitFor('the message in the parking queue', async () => (await messaging.drainQueue(parking))[0]);

  const publishTrade = (tradeId: string = randomUUID()) =>
    manager.publish(EXCHANGES.trades, 'trade.created', { tradeId });

  it('acks a valid message after its handler resolves, running the handler with the messageId in context', async () => {
    const tradeId = randomUUID();
    const seen: Array<{ message: TradeJob; context: MessageContext; contextMessageId: string | undefined }> = [];
    await consume(async (message, context) => {
      seen.push({ message, context, contextMessageId: currentContext()?.messageId });
    });

    const messageId = await publishTrade(tradeId);

    await waitFor('the handler to run', () => seen.length === 1);
    expect(seen[0]).toEqual({
      message: { tradeId },
      context: expect.objectContaining({ messageId, routingKey: 'trade.created', deliveryCount: 1 }),
      contextMessageId: messageId,
    });
    await consumer!.stop();
    expect(await messaging.drainQueue(queue)).toHaveLength(0);
    expect(await messaging.drainQueue(parking)).toHaveLength(0);
  });

  it('redelivers a message whose handler throws a retryable error, and acks it once the handler succeeds', async () => {
    const attempts: number[] = [];
    let handled = false;
    await consume(async (_message, context) => {
      attempts.push(context.deliveryCount);
      if (attempts.length === 1) throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'rpc down' });
      handled = true;
    });

    await publishTrade();

    await waitFor('the second attempt to succeed', () => handled);
    expect(attempts).toEqual([1, 2]);
    await consumer!.stop();
    expect(await messaging.drainQueue(queue)).toHaveLength(0);
    expect(await messaging.drainQueue(parking)).toHaveLength(0);
  });

  it('retries a plain transient error (connection reset) like a retryable AppError', async () => {
    let calls = 0;
    await consume(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    });

    await publishTrade();

    await waitFor('the retry', () => calls === 2);
    await consumer!.stop();
    expect(await messaging.drainQueue(parking)).toHaveLength(0);
  });

  it('parks a message that fails schema validation without calling the handler', async () => {
    let calls = 0;
    await consume(async () => {
      calls += 1;
    });

    const messageId = await manager.publish(EXCHANGES.trades, 'trade.created', { tradeId: 'not-a-uuid' });

    const parked = await parkedMessage();
    expect(parked.properties.messageId).toBe(messageId);
    expect(JSON.parse(parked.content.toString())).toEqual({ tradeId: 'not-a-uuid' });
    expect(calls).toBe(0);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ event: 'amqp.message_parked', reason: 'invalid_message' }),
    );
    expect(JSON.stringify(log.lines())).not.toContain('not-a-uuid');
  });

  it('parks a message whose body is not JSON', async () => {
    await consume(async () => undefined);
    const messageId = randomUUID();

    messaging.admin.publish(messaging.physical(EXCHANGES.trades), 'trade.created', Buffer.from('{oops'), { messageId });

    const parked = await parkedMessage();
    expect(parked.properties.messageId).toBe(messageId);
  });

  it('parks a message whose handler throws a non-retryable AppError, after a single attempt', async () => {
    let calls = 0;
    await consume(async () => {
      calls += 1;
      throw new AppError('MARKET_NOT_TRADEABLE');
    });

    const messageId = await publishTrade();

    const parked = await parkedMessage();
    expect(parked.properties.messageId).toBe(messageId);
    expect(parked.properties.headers).toMatchObject({ 'x-first-death-reason': 'rejected' });
    expect(calls).toBe(1);
  });

  it('parks a message that keeps failing with a retryable error once the delivery limit is reached', async () => {
    let calls = 0;
    await consume(async () => {
      calls += 1;
      throw new AppError('DEPENDENCY_UNAVAILABLE');
    });

    const messageId = await publishTrade();

    const parked = await parkedMessage();
    expect(parked.properties.messageId).toBe(messageId);
    expect(parked.properties.headers).toMatchObject({ 'x-first-death-reason': 'delivery_limit' });
    expect(calls).toBe(DELIVERY_LIMIT + 1);
  });

  it('never runs more handlers at once than its prefetch', async () => {
    const releases: Array<() => void> = [];
    let running = 0;
    let maxRunning = 0;
    let handled = 0;
    await consume(
      async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        handled += 1;
      },
      { prefetch: 3 },
    );

    await Promise.all(Array.from({ length: 10 }, () => publishTrade()));

    await waitFor('3 handlers running and 7 messages waiting', async () => {
      return running === 3 && (await messaging.readyCount(queue)) === 7;
    });
    await waitFor('every message handled', () => {
      releases.splice(0).forEach((release) => release());
      return handled === 10;
    });
    expect(maxRunning).toBe(3);
  });

  it('stop takes no new messages and waits for the in-flight handler and its ack', async () => {
    let release: () => void = () => undefined;
    const handled: string[] = [];
    let started = false;
    await consume(async (_message, context) => {
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
      handled.push(context.messageId);
    });
    const first = await publishTrade();
    await waitFor('the handler to start', () => started);

    let stopped = false;
    const eventsBefore = log.events().length;
    const stopping = consumer!.stop().then(() => (stopped = true));
    try {
      await waitFor('the consumer to be cancelled', () =>
        log.events().slice(eventsBefore).includes('amqp.consumer_cancelled'),
      );
      await publishTrade();
      await waitFor('the second message to wait in the queue', async () => (await messaging.readyCount(queue)) === 1);
      expect(stopped).toBe(false);
    } finally {
      release();
    }
    await stopping;

    expect(handled).toEqual([first]);
    const left = await messaging.drainQueue(queue);
    expect(left.map((message) => message.properties.messageId)).not.toContain(first);
    expect(left).toHaveLength(1);
  });
});
