/**
 * The replica's subscription to live notices (decision 0022): its own AMQP connection and a server-named,
 * exclusive, auto-delete queue bound to the `streams` exchange, so every replica gets every notice it binds and
 * the queue disappears with the replica. Each notice goes to the in-process hub; after a reconnect the hub is told
 * to resync (notices published while we were away are gone, the database is not).
 */
import { connect, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { Logger } from '../logger/index.js';
import { backoffDelay, RECONNECT_BACKOFF, sleep } from '../messaging/backoff.js';
import { streamNoticeSchema, type StreamNotice } from '../messaging/message-schemas.js';
import { EXCHANGES, physicalName } from '../messaging/topology.js';
import { keyTopic, marketTopic, tradeTopic, type NoticeHub } from './notice-hub.js';

export interface NoticeSubscriberOptions {
  url: string;
  /** The deployment's exchange prefix (`AmqpConnectionManager.prefix`). */
  prefix: string;
  /** Binding keys on the `streams` exchange: `trade.#` (trading API), `market.#` (public read). */
  bindingKeys: readonly string[];
  hub: NoticeHub;
  logger: Logger;
}

export interface NoticeSubscriber {
  /** Resolves once the first subscription is in place (or after `timeoutMs`; attempts go on in the background). */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The hub topics a notice concerns. */
export function topicsOfNotice(notice: StreamNotice): string[] {
  const topics: string[] = [];
  if (notice.apiKeyId) topics.push(keyTopic(notice.apiKeyId));
  if (notice.tradeId) topics.push(tradeTopic(notice.tradeId));
  if (notice.marketId) topics.push(marketTopic(notice.marketId));
  return topics;
}

export function startNoticeSubscriber(options: NoticeSubscriberOptions): NoticeSubscriber {
  const { logger, hub } = options;
  let connection: ChannelModel | undefined;
  let closed = false;
  const stopping = new AbortController();
  let subscribedOnce: (() => void) | undefined;
  const firstSubscription = new Promise<void>((resolve) => (subscribedOnce = resolve));

  const onMessage = (message: ConsumeMessage | null): void => {
    if (!message) return;
    let notice: StreamNotice;
    try {
      notice = streamNoticeSchema.parse(JSON.parse(message.content.toString('utf8')));
    } catch {
      logger.warn({ event: 'streams.notice_invalid', routingKey: message.fields.routingKey }, 'notice ignored');
      return;
    }
    for (const topic of topicsOfNotice(notice)) hub.notify(topic);
  };

  async function subscribe(): Promise<void> {
    const model = await connect(options.url, { clientProperties: { connection_name: 'foretell:stream-notices' } });
    connection = model;
    model.on('error', (err: Error) => logger.warn({ event: 'streams.notice_connection_error', err }));
    const lost = new Promise<void>((resolve) => model.once('close', () => resolve()));
    const channel = await model.createChannel();
    const exchange = physicalName(options.prefix, EXCHANGES.streams);
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    for (const key of options.bindingKeys) await channel.bindQueue(queue, exchange, key);
    await channel.consume(queue, onMessage, { noAck: true });
    logger.info({ event: 'streams.notices_subscribed', bindingKeys: options.bindingKeys }, 'stream notices subscribed');
    subscribedOnce?.();
    hub.resync();
    await lost;
  }

  void (async () => {
    for (let attempt = 1; !closed; attempt += 1) {
      try {
        await subscribe();
        attempt = 0;
      } catch (err) {
        void connection?.close().catch(() => undefined);
        // One line per outage: the attempts that follow log at debug until a subscription succeeds.
        if (!closed) {
          const level = attempt === 1 ? 'warn' : 'debug';
          logger[level]({ event: 'streams.notices_unavailable', attempt, err }, 'stream notices unavailable; retrying');
        }
      }
      connection = undefined;
      if (!closed) await sleep(backoffDelay(Math.max(1, attempt), RECONNECT_BACKOFF), stopping.signal);
    }
  })();

  return {
    ready: async (timeoutMs = 10_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const result = await Promise.race([firstSubscription.then(() => true), timedOut]);
      clearTimeout(timer);
      return result;
    },
    close: async () => {
      closed = true;
      stopping.abort();
      await connection?.close().catch(() => undefined);
    },
  };
}
