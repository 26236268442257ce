import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Logger } from '../logger/logger.js';
import { backoffDelay, sleep, type BackoffPolicy } from './backoff.js';

/** One received message and the two ways to settle it on the channel it arrived on. */
export interface Delivery {
  message: ConsumeMessage;
  ack(): void;
  nack(requeue: boolean): void;
}

export interface ManagedConsumerOptions {
  /** Broker-side queue name. */
  queue: string;
  prefetch: number;
  onDelivery: (delivery: Delivery) => void;
  logger: Logger;
  /** The manager's live connection, or undefined while it reconnects. */
  currentConnection: () => ChannelModel | undefined;
  /** Aborts pending re-attach delays when the manager closes. */
  signal: AbortSignal;
  backoff: BackoffPolicy;
}

/**
 * A consumer that outlives channels and connections: the manager attaches it to each new connection; if only its
 * channel dies (server-side cancel, channel error) it re-attaches itself to the same connection after a backoff.
 * Each consumer has its own channel, so its prefetch is its own and a channel error does not touch the others.
 */
export class ManagedConsumer {
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private cancelled = false;
  private reattachScheduled = false;
  private failedAttaches = 0;

  constructor(private readonly options: ManagedConsumerOptions) {}

  /** Opens a channel on `connection` and starts consuming. Never throws: failures schedule a retry. */
  async attach(connection: ChannelModel): Promise<void> {
    if (this.cancelled) return;
    const { queue, prefetch, logger } = this.options;
    let channel: Channel | undefined;
    try {
      channel = await connection.createChannel();
      const opened = channel;
      opened.on('error', (err: Error) => logger.warn({ event: 'amqp.consumer_channel_error', queue, err }));
      opened.on('close', () => this.onChannelClosed(opened, connection));
      await opened.prefetch(prefetch);
      this.channel = opened;
      const onMessage = (message: ConsumeMessage | null) => this.onMessage(opened, message);
      this.consumerTag = (await opened.consume(queue, onMessage, { noAck: false })).consumerTag;
      this.failedAttaches = 0;
      if (this.cancelled) {
        // cancel() ran while we were attaching: undo.
        await this.cancelOnBroker();
        this.detach();
        await opened.close().catch(() => undefined);
        return;
      }
      logger.info({ event: 'amqp.consumer_started', queue, prefetch }, 'consumer started');
    } catch (err) {
      if (channel && this.channel === channel) this.detach();
      void channel?.close().catch(() => undefined);
      logger.warn({ event: 'amqp.consumer_attach_failed', queue, err: err }, 'consumer could not start; retrying');
      this.scheduleReattach();
    }
  }

  /** The connection is gone: its channel with it. Unacked messages return to the queue on the broker. */
  detach(): void {
    this.channel = undefined;
    this.consumerTag = undefined;
  }

  /** Stops deliveries, lets `drain` finish the in-flight messages (they can still be settled), closes the channel. */
  async cancel(drain?: () => Promise<void>): Promise<void> {
    this.cancelled = true;
    await this.cancelOnBroker();
    if (drain) await drain();
    const channel = this.channel;
    this.detach();
    await channel?.close().catch(() => undefined);
  }

  private async cancelOnBroker(): Promise<void> {
    const { channel, consumerTag } = this;
    if (!channel || !consumerTag) return;
    this.consumerTag = undefined;
    try {
      await channel.cancel(consumerTag);
      this.options.logger.info({ event: 'amqp.consumer_cancelled', queue: this.options.queue }, 'consumer cancelled');
    } catch (err) {
      this.options.logger.warn({ event: 'amqp.consumer_cancel_failed', queue: this.options.queue, err });
    }
  }

  private onMessage(channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled us (queue deleted or failed over): start again on a fresh channel.
      this.options.logger.warn({ event: 'amqp.consumer_cancelled_by_broker', queue: this.options.queue });
      if (this.channel === channel) this.detach();
      void channel.close().catch(() => undefined);
      this.scheduleReattach();
      return;
    }
    this.options.onDelivery({
      message,
      ack: () => this.settle(() => channel.ack(message)),
      nack: (requeue) => this.settle(() => channel.nack(message, false, requeue)),
    });
  }

  /** Settling on a channel that has closed is impossible; the broker redelivers such messages, so log and move on. */
  private settle(operation: () => void): void {
    try {
      operation();
    } catch (err) {
      this.options.logger.warn(
        { event: 'amqp.settle_failed', queue: this.options.queue, err: err },
        'channel closed before the message was settled; the broker will redeliver it',
      );
    }
  }

  private onChannelClosed(channel: Channel, connection: ChannelModel): void {
    if (this.channel !== channel) return;
    this.detach();
    // If the connection is still up, only this channel failed: re-attach. Otherwise the manager re-attaches us.
    if (!this.cancelled && this.options.currentConnection() === connection) this.scheduleReattach();
  }

  /**
   * Attaches again after a backoff, to whichever connection is current by then: one pending re-attach stands for
   * every later request, so it must not give up because the connection it was asked on has since been replaced.
   */
  private scheduleReattach(): void {
    if (this.reattachScheduled || this.cancelled) return;
    this.reattachScheduled = true;
    this.failedAttaches += 1;
    const delay = backoffDelay(this.failedAttaches, this.options.backoff);
    void sleep(delay, this.options.signal).then(async () => {
      this.reattachScheduled = false;
      const current = this.options.currentConnection();
      if (!this.cancelled && !this.options.signal.aborted && current && !this.channel) await this.attach(current);
    });
  }

  /** Whether it has a channel consuming (or being opened) now. */
  isAttached(): boolean {
    return this.channel !== undefined;
  }
}
