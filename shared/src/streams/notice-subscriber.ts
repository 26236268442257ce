/**
 * The replica's subscription to live notices (decision 0022): its own AMQP connection and a server-named,
 * exclusive, auto-delete queue bound to the `streams` exchange, so every replica gets every notice it binds and
 * the queue disappears with the replica. Each notice goes to the in-process hub; after a reconnect the hub is told
 * to resync (notices published while we were away are gone, the database is not).
 *
 * The queue is bound only while the hub has listeners (and `unbindAfterMs` after the last one left, so short
 * waiting reads coming and going do not flap): a replica nobody streams from costs the broker no deliveries and
 * itself no parsing, whatever the trade rate. Binding ends with a resync, so a listener that arrived before the
 * binding was in place reads the database again.
 */
import { connect, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { Logger } from '../logger/logger.js';
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
  /** How long the queue stays bound after the hub's last listener left. Default 30 s. */
  unbindAfterMs?: number;
}

const UNBIND_AFTER_MS = 30_000;

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
    await channel.consume(queue, onMessage, { noAck: true });
    // Binds or unbinds one change at a time; a failure means the connection went, and the next one binds afresh.
    let bound = false;
    let changes = Promise.resolve();
    const bindWhile = (listened: boolean): Promise<void> =>
      (changes = changes
        .then(async () => {
          if (listened === bound) return;
          for (const key of options.bindingKeys) {
            if (listened) await channel.bindQueue(queue, exchange, key);
            else await channel.unbindQueue(queue, exchange, key);
          }
          bound = listened;
          logger.debug({ event: listened ? 'streams.notices_bound' : 'streams.notices_unbound' });
          if (listened) hub.resync();
        })
        .catch(() => undefined));
    let unbindTimer: NodeJS.Timeout | undefined;
    const stopWatching = hub.watchListened((listened) => {
      clearTimeout(unbindTimer);
      if (listened) void bindWhile(true);
      else unbindTimer = setTimeout(() => void bindWhile(false), options.unbindAfterMs ?? UNBIND_AFTER_MS).unref();
    });
    // Binding wakes the listeners (a resync): after a reconnect they read what they missed; with none, none need to.
    if (hub.size() > 0) await bindWhile(true);
    logger.info({ event: 'streams.notices_subscribed', bindingKeys: options.bindingKeys }, 'stream notices subscribed');
    subscribedOnce?.();
    await lost;
    stopWatching();
    clearTimeout(unbindTimer);
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
