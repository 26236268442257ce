import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logger/logger.js';
import { backoffDelay, RECONNECT_BACKOFF, sleep, type BackoffPolicy } from './backoff.js';
import { ManagedConsumer, type Delivery } from './managed-consumer.js';
import { publishWithConfirm, type PublishChannel } from './publish-with-confirm.js';
import { declareTopology, physicalName } from './topology.js';

export type { Delivery } from './managed-consumer.js';

export interface AmqpConnectionManagerOptions {
  url: string;
  /** Prepended to every exchange and queue name (`<prefix>.<name>`); '' in production. */
  prefix: string;
  logger: Logger;
  /** Shown in the broker's connection list. Defaults to `foretell` or `foretell:<prefix>`. */
  connectionName?: string;
  /** How long a publish may wait for a connection and its confirm before failing. Default 5 s. */
  publishTimeoutMs?: number;
  /** How long `connect()` waits for the first connection. Default 30 s (attempts go on in the background). */
  connectTimeoutMs?: number;
  reconnectBackoff?: BackoffPolicy;
}

export interface PublishOptions {
  /** Defaults to a random UUID. Consumers dedupe on it: the outbox passes its row's message_id. */
  messageId?: string;
  headers?: Record<string, unknown>;
  /** Overrides the manager's publish timeout for this call. */
  timeoutMs?: number;
}

export interface ConsumeOptions {
  prefetch: number;
}

export interface ConsumerRegistration {
  /** Stops deliveries, awaits `drain` (in-flight messages can still be settled), then closes the channel. */
  cancel(drain?: () => Promise<void>): Promise<void>;
}

export interface AmqpConnectionManager {
  readonly prefix: string;
  readonly logger: Logger;
  /** Resolves once connected with the topology declared; rejects DEPENDENCY_UNAVAILABLE after the connect timeout. */
  connect(): Promise<void>;
  /** Publishes JSON to a logical exchange and resolves with the messageId once the broker confirms it. */
  publish(exchange: string, routingKey: string, payload: unknown, options?: PublishOptions): Promise<string>;
  /** Consumes a logical queue for as long as the manager lives, across reconnects. See `startConsumer`. */
  consume(
    queue: string,
    onDelivery: (delivery: Delivery) => void,
    options: ConsumeOptions,
  ): Promise<ConsumerRegistration>;
  isConnected(): boolean;
  /** Cancels consumers, closes channels and the connection. Final: no reconnect, later publishes reject. */
  close(): Promise<void>;
}

interface ConnectionWaiter {
  resolve(connection: ChannelModel): void;
  reject(error: AppError): void;
}

/** AMQP heartbeat, so a silent network partition is noticed. */
const HEARTBEAT_SECONDS = 10;

/** A TCP/AMQP handshake that takes longer than this counts as failed (a blackholed host never answers). */
const CONNECT_ATTEMPT_TIMEOUT_MS = 10_000;

const unavailable = (detail: string, cause?: unknown) =>
  new AppError('DEPENDENCY_UNAVAILABLE', { detail, cause, extensions: { dependency: 'rabbitmq' } });

/**
 * A process's RabbitMQ: one connection that publishes and, opened with the first consumer, another that consumes.
 * A broker under a memory or disk alarm stops reading from every connection that publishes; were the consumers'
 * acknowledgements on it, they would wait with the publishes, every replica's prefetch window would fill, and the
 * consumers that could drain the backlog behind the alarm would stop (RabbitMQ's own advice: separate connections).
 */
export function createAmqpConnectionManager(options: AmqpConnectionManagerOptions): AmqpConnectionManager {
  const name = options.connectionName ?? (options.prefix ? `foretell:${options.prefix}` : 'foretell');
  const publishing = createAmqpConnection({ ...options, connectionName: `${name}:publish` });
  const consuming = createAmqpConnection({ ...options, connectionName: `${name}:consume` });
  let consumed = false;
  return {
    prefix: options.prefix,
    logger: options.logger,
    connect: async () => {
      await Promise.all([publishing.connect(), ...(consumed ? [consuming.connect()] : [])]);
    },
    publish: publishing.publish,
    consume: (queue, onDelivery, consumeOptions) => {
      consumed = true;
      return consuming.consume(queue, onDelivery, consumeOptions);
    },
    isConnected: () => publishing.isConnected() && (!consumed || consuming.isConnected()),
    // Consumers first: the work they drain may still publish.
    close: async () => {
      await consuming.close();
      await publishing.close();
    },
  };
}

/**
 * One AMQP connection: declares the topology on every (re)connect, publishes on a confirm channel and keeps
 * consumers attached. On connection loss it reconnects with capped, jittered exponential backoff; publishes wait
 * for the new connection (bounded by their timeout) and are re-sent if their confirm was lost, so delivery is at
 * least once (consumers are idempotent by the state of what they handle).
 */
function createAmqpConnection(options: AmqpConnectionManagerOptions): AmqpConnectionManager {
  const { prefix, logger } = options;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  const backoff = options.reconnectBackoff ?? RECONNECT_BACKOFF;
  const connectionName = options.connectionName ?? (prefix ? `foretell:${prefix}` : 'foretell');
  const brokerUrl = withHeartbeat(options.url, HEARTBEAT_SECONDS);
  const closeController = new AbortController();
  const waiters = new Set<ConnectionWaiter>();
  const consumers = new Set<ManagedConsumer>();
  let connection: ChannelModel | undefined;
  let publishChannel: Promise<PublishChannel> | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;

  function ensureConnecting(): void {
    if (closed || connection || connecting) return;
    connecting = connectWithBackoff().finally(() => (connecting = undefined));
  }

  async function connectWithBackoff(): Promise<void> {
    for (let attempt = 1; !closed; attempt++) {
      try {
        await establish();
        return;
      } catch (err) {
        const delayMs = backoffDelay(attempt, backoff);
        logger.warn({ event: 'amqp.connect_failed', attempt, delayMs, err: err }, 'RabbitMQ connection attempt failed');
        await sleep(delayMs, closeController.signal);
      }
    }
  }

  async function establish(): Promise<void> {
    const model = await connect(brokerUrl, {
      clientProperties: { connection_name: connectionName },
      timeout: CONNECT_ATTEMPT_TIMEOUT_MS,
      noDelay: true,
    });
    let lost = false;
    model.on('error', (err: Error) => logger.warn({ event: 'amqp.connection_error', err: err }));
    model.on('blocked', (reason: string) => logger.warn({ event: 'amqp.connection_blocked', reason }));
    model.on('unblocked', () => logger.info({ event: 'amqp.connection_unblocked' }));
    model.on('close', (err?: Error) => {
      lost = true;
      onConnectionClosed(model, err);
    });
    try {
      const setup = await model.createChannel();
      await declareTopology(setup, prefix);
      await setup.close();
      for (const consumer of consumers) await consumer.attach(model);
      if (lost) throw new Error('connection closed during setup');
    } catch (err) {
      await model.close().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await model.close().catch(() => undefined);
      return;
    }
    connection = model;
    // A consumer whose channel closed while it was attached above found no current connection to come back to.
    for (const consumer of consumers) if (!consumer.isAttached()) void consumer.attach(model);
    logger.info({ event: 'amqp.connected', connectionName }, 'connected to RabbitMQ');
    for (const waiter of waiters) waiter.resolve(model);
    waiters.clear();
  }

  function onConnectionClosed(model: ChannelModel, err: Error | undefined): void {
    if (model !== connection) return;
    connection = undefined;
    publishChannel = undefined;
    for (const consumer of consumers) consumer.detach();
    if (closed) return;
    logger.warn({ event: 'amqp.connection_lost', err: err }, 'RabbitMQ connection lost; reconnecting');
    ensureConnecting();
  }

  function waitForConnection(deadline: number): Promise<ChannelModel> {
    if (closed) return Promise.reject(unavailable('the AMQP connection manager is closed'));
    if (connection) return Promise.resolve(connection);
    ensureConnecting();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          waiters.delete(waiter);
          reject(unavailable('RabbitMQ is not reachable'));
        },
        Math.max(0, deadline - Date.now()),
      );
      const waiter: ConnectionWaiter = {
        resolve: (model) => (clearTimeout(timer), resolve(model)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
      waiters.add(waiter);
    });
  }

  function openPublishChannel(model: ChannelModel): Promise<PublishChannel> {
    const opening: Promise<PublishChannel> = model.createConfirmChannel().then((channel) => {
      const opened: PublishChannel = { channel, brokerCloseCode: undefined };
      channel.on('error', (err: Error & { code?: unknown }) => {
        if (typeof err.code === 'number') opened.brokerCloseCode = err.code;
        logger.warn({ event: 'amqp.publish_channel_error', err });
      });
      channel.on('close', () => {
        if (publishChannel === opening) publishChannel = undefined;
      });
      return opened;
    });
    opening.catch(() => {
      if (publishChannel === opening) publishChannel = undefined;
    });
    return opening;
  }

  async function publish(exchange: string, routingKey: string, payload: unknown, publishOptions: PublishOptions = {}) {
    const messageId = publishOptions.messageId ?? randomUUID();
    const content = Buffer.from(JSON.stringify(payload));
    const target = physicalName(prefix, exchange);
    const deadline = Date.now() + (publishOptions.timeoutMs ?? publishTimeoutMs);
    const properties = { messageId, headers: publishOptions.headers };
    for (let attempt = 1; ; attempt++) {
      const model = await waitForConnection(deadline);
      try {
        publishChannel ??= openPublishChannel(model);
        const channel = await publishChannel;
        const outcome = await publishWithConfirm(channel, target, routingKey, content, properties, deadline);
        if (outcome === 'confirmed') return messageId;
        if (outcome === 'timeout') throw unavailable('RabbitMQ did not confirm the message in time');
        if (outcome === 'refused') throw unavailable(`RabbitMQ refused the message for exchange ${target}`);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (closed || Date.now() >= deadline) throw unavailable('RabbitMQ publish failed', err);
        logger.warn({ event: 'amqp.publish_retry', exchange, routingKey, messageId, attempt, err });
      }
      // The channel or connection went away before the confirm: send again once there is a new one.
      await sleep(Math.min(backoffDelay(attempt, backoff), Math.max(0, deadline - Date.now())));
    }
  }

  async function consume(queue: string, onDelivery: (delivery: Delivery) => void, consumeOptions: ConsumeOptions) {
    if (closed) throw unavailable('the AMQP connection manager is closed');
    const consumer = new ManagedConsumer({
      queue: physicalName(prefix, queue),
      prefetch: consumeOptions.prefetch,
      onDelivery,
      logger,
      currentConnection: () => connection,
      signal: closeController.signal,
      backoff,
    });
    consumers.add(consumer);
    if (connection) await consumer.attach(connection);
    else ensureConnecting();
    return {
      cancel: async (drain?: () => Promise<void>) => {
        consumers.delete(consumer);
        await consumer.cancel(drain);
      },
    };
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    closeController.abort();
    for (const waiter of waiters) waiter.reject(unavailable('the AMQP connection manager is closed'));
    waiters.clear();
    await Promise.allSettled([...consumers].map((consumer) => consumer.cancel()));
    consumers.clear();
    const model = connection;
    connection = undefined;
    publishChannel = undefined;
    await model?.close().catch((err: unknown) => logger.warn({ event: 'amqp.close_failed', err }));
    await connecting;
    logger.info({ event: 'amqp.closed' }, 'RabbitMQ connection closed');
  }

  return {
    prefix,
    logger,
    connect: async () => {
      await waitForConnection(Date.now() + connectTimeoutMs);
    },
    publish,
    consume,
    isConnected: () => connection !== undefined,
    close,
  };
}

/** Adds `heartbeat=<seconds>` to the URL unless it sets one already. */
function withHeartbeat(url: string, seconds: number): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds));
  return parsed.toString();
}
