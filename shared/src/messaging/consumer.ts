import type { ConsumeMessage } from 'amqplib';
import type { z } from 'zod';
import { runWithContext } from '../logger/request-context.js';
import { type Logger } from '../logger/logger.js';
import { isRecord } from '../runtime/plain-values.js';
import { backoffDelay, sleep, type BackoffPolicy } from './backoff.js';
import type { AmqpConnectionManager, Delivery } from './connection-manager.js';
import { isRetryableError, transientSummary } from './error-classification.js';

export interface MessageContext {
  messageId: string;
  routingKey: string;
  /** 1 on the first delivery; grows with every redelivery (quorum queues count them). */
  deliveryCount: number;
  headers: Record<string, unknown>;
}

export interface StartConsumerOptions<Schema extends z.ZodType> {
  /** Logical queue name, e.g. `QUEUES.chainExecutorTrades`. */
  queue: string;
  schema: Schema;
  handle: (message: z.output<Schema>, context: MessageContext) => Promise<void>;
  /** Unacknowledged messages in flight at once (1–1000). Default 16. */
  prefetch?: number;
  logger: Logger;
  /** Delay before a message that failed with a retryable error is requeued. Default: 250 ms doubling to 10 s. */
  retryDelayMs?: (deliveryCount: number) => number;
}

export interface RunningConsumer {
  /** Stops deliveries and resolves once every in-flight handler has finished and its message is settled. */
  stop(): Promise<void>;
}

export const DEFAULT_PREFETCH = 16;
/** A trade consumer holds a job per trade awaiting its block (decision 0031): thousands under 12 s blocks. */
export const MAX_PREFETCH = 10_000;
const RETRY_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 10_000, factor: 2, jitter: 0.2 };

/**
 * Consumes a queue with manual acks: parse JSON → validate with `schema` → `handle` → ack. A message that is not
 * JSON, fails the schema or has no messageId is nacked without requeue (dead-lettered to the parking queue). A
 * handler error is requeued after a short delay when `isRetryableError` says so (bounded by the queue's delivery
 * limit, after which the broker parks it) and parked otherwise. Handlers must be idempotent: a message can arrive
 * more than once (redelivery after a connection loss, outbox republish).
 */
export async function startConsumer<Schema extends z.ZodType>(
  manager: AmqpConnectionManager,
  options: StartConsumerOptions<Schema>,
): Promise<RunningConsumer> {
  const { queue, schema, handle } = options;
  const prefetch = options.prefetch ?? DEFAULT_PREFETCH;
  if (!Number.isInteger(prefetch) || prefetch < 1 || prefetch > MAX_PREFETCH) {
    throw new RangeError(`prefetch must be an integer from 1 to ${MAX_PREFETCH}, got ${prefetch}`);
  }
  const logger = options.logger.child({ queue });
  const retryDelayMs = options.retryDelayMs ?? ((count: number) => backoffDelay(count, RETRY_BACKOFF));
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();

  async function processDelivery(delivery: Delivery): Promise<void> {
    const { message } = delivery;
    const messageId: unknown = message.properties.messageId;
    const deliveryCount = deliveryCountOf(message);
    if (typeof messageId !== 'string' || messageId === '') {
      logger.warn({ event: 'amqp.message_parked', reason: 'missing_message_id', deliveryCount });
      return delivery.nack(false);
    }
    await runWithContext({ messageId }, async () => {
      const parsed = parseBody(message, schema);
      if (!parsed.success) {
        logger.warn({ event: 'amqp.message_parked', reason: 'invalid_message', issues: parsed.issues, deliveryCount });
        return delivery.nack(false);
      }
      const context: MessageContext = {
        messageId,
        routingKey: message.fields.routingKey,
        deliveryCount,
        headers: headersOf(message),
      };
      try {
        await handle(parsed.data, context);
        delivery.ack();
        logger.debug({ event: 'amqp.message_handled', deliveryCount });
      } catch (err) {
        if (isRetryableError(err)) {
          // An expected transient state: one line with what failed, no stack.
          logger.warn(
            { event: 'amqp.message_requeued', deliveryCount, error: transientSummary(err) },
            'handler failed; will retry',
          );
          await sleep(retryDelayMs(deliveryCount), stopping.signal);
          delivery.nack(true);
        } else {
          logger.error({ event: 'amqp.message_parked', reason: 'handler_failed', deliveryCount, err });
          delivery.nack(false);
        }
      }
    });
  }

  const registration = await manager.consume(
    queue,
    (delivery) => {
      const task = processDelivery(delivery)
        .catch((err: unknown) => logger.error({ event: 'amqp.consumer_bug', err }))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    { prefetch },
  );

  return {
    stop: async () => {
      stopping.abort();
      await registration.cancel(async () => {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      });
      logger.info({ event: 'amqp.consumer_stopped' }, 'consumer stopped');
    },
  };
}

/** A message's headers (amqplib types them `any`); none when absent. */
function headersOf(message: Pick<ConsumeMessage, 'properties'>): Record<string, unknown> {
  const headers: unknown = message.properties.headers;
  return isRecord(headers) ? headers : {};
}

/** Quorum queues set `x-delivery-count` (previous deliveries) on redelivered messages. */
export function deliveryCountOf(message: Pick<ConsumeMessage, 'fields' | 'properties'>): number {
  const previous = Number(headersOf(message)['x-delivery-count']);
  if (Number.isInteger(previous) && previous >= 0) return previous + 1;
  return message.fields.redelivered ? 2 : 1;
}

type ParseResult<T> = { success: true; data: T } | { success: false; issues: Array<{ path: string; code: string }> };

/** JSON + schema check. The issues carry paths and codes only: message content never reaches the logs. */
function parseBody<Schema extends z.ZodType>(message: ConsumeMessage, schema: Schema): ParseResult<z.output<Schema>> {
  let json: unknown;
  try {
    json = JSON.parse(message.content.toString('utf8'));
  } catch {
    return { success: false, issues: [{ path: '', code: 'invalid_json' }] };
  }
  const result = schema.safeParse(json);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
  };
}
