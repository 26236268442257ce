import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { connect, type ConfirmChannel, type ChannelModel } from 'amqplib';
import { createLogger } from '../logger/logger.js';
import { EXCHANGES, physicalName } from '../messaging/topology.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { suiteToken, testEnv } from '#tooling/testing/test-env.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createNoticeHub, keyTopic, type NoticeHub } from './notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from './notice-subscriber.js';

const prefix = `notices${suiteToken()}`;
const exchange = physicalName(prefix, EXCHANGES.streams);
const logger = createLogger({ name: 'notice-subscriber-test', level: 'silent' });
let publisherConnection: ChannelModel;
let publisher: ConfirmChannel;

beforeAll(async () => {
  publisherConnection = await connect(testEnv.amqpUrl);
  publisher = await publisherConnection.createConfirmChannel();
  await publisher.assertExchange(exchange, 'topic', { durable: true });
});
afterAll(async () => {
  await publisherConnection.close();
  await deleteTestTopology(prefix);
});

/**
 * Publishes a notice of `apiKeyId` as mandatory: resolves 'returned' when the broker routed it to no queue (nothing
 * is bound to take it), else 'routed'.
 */
async function publishNotice(apiKeyId: string): Promise<'returned' | 'routed'> {
  let returned = false;
  const onReturn = () => (returned = true);
  publisher.on('return', onReturn);
  try {
    await new Promise<void>((resolve, reject) =>
      publisher.publish(
        exchange,
        `trade.${apiKeyId}`,
        Buffer.from(JSON.stringify({ apiKeyId })),
        { mandatory: true },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    // basic.return reaches the channel before the confirm of the same message.
    return returned ? 'returned' : 'routed';
  } finally {
    publisher.off('return', onReturn);
  }
}

const subscribe = (hub: NoticeHub, unbindAfterMs: number): NoticeSubscriber =>
  startNoticeSubscriber({ url: testEnv.amqpUrl, prefix, bindingKeys: ['trade.#'], hub, logger, unbindAfterMs });

describe('startNoticeSubscriber', () => {
  let subscriber: NoticeSubscriber | undefined;
  afterAll(async () => {
    await subscriber?.close();
  });

  it('binds its queue only while the hub has listeners, and unbinds after the linger once the last one left', async () => {
    const hub = createNoticeHub();
    subscriber = subscribe(hub, 200);
    expect(await subscriber.ready(10_000)).toBe(true);
    const apiKeyId = randomUUID();

    // Nobody listens: nothing is bound, the broker drops the notice at the exchange.
    expect(await publishNotice(apiKeyId)).toBe('returned');

    // A listener arrives: it is woken once the binding is in place (resync), then by every notice of its topic.
    let wakes = 0;
    const stop = hub.subscribe(keyTopic(apiKeyId), () => (wakes += 1));
    await waitFor('the resync after binding', () => wakes === 1);
    expect(await publishNotice(apiKeyId)).toBe('routed');
    await waitFor('the notice to reach the listener', () => wakes === 2);

    // The last listener leaves: still bound during the linger, unbound after it.
    stop();
    expect(await publishNotice(apiKeyId)).toBe('routed');
    await waitFor('the queue to be unbound', async () => (await publishNotice(apiKeyId)) === 'returned');
    expect(wakes).toBe(2);
  });

  it('keeps the binding when a listener comes back within the linger: no rebinding, no second resync', async () => {
    await subscriber?.close();
    const hub = createNoticeHub();
    subscriber = subscribe(hub, 60_000);
    expect(await subscriber.ready(10_000)).toBe(true);
    const apiKeyId = randomUUID();
    let first = 0;
    const stopFirst = hub.subscribe(keyTopic(apiKeyId), () => (first += 1));
    await waitFor('the resync after binding', () => first === 1);
    stopFirst();

    let second = 0;
    hub.subscribe(keyTopic(apiKeyId), () => (second += 1));
    expect(await publishNotice(apiKeyId)).toBe('routed');
    await waitFor('the notice to reach the new listener', () => second === 1);
    expect(await publishNotice(apiKeyId)).toBe('routed');
    await waitFor('the next notice', () => second === 2);
  });
});
