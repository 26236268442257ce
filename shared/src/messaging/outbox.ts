import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { flushingInsertsAtEnd } from '../db/deferred-inserts.js';
import { isDeadlockError } from '../db/mysql-errors.js';
import { type Queryable } from '../db/transaction.js';
import { AppError } from '../errors/app-error.js';
import type { AmqpConnectionManager } from './connection-manager.js';
import { messageSchemas, type MessageOf } from './message-schemas.js';
import {
  findUnpublishedByMessageIds,
  insertOutboxRows,
  markPublished,
  recordPublishFailure,
  type OutboxMessage,
} from '../db/outbox/outbox.repository.js';
import type { ExchangeName } from './topology.js';
import { publishedMarksOf, type MarkPublished } from './published-marks.js';

export type { OutboxMessage } from '../db/outbox/outbox.repository.js';

export interface OutboxMessageInput<E extends ExchangeName = ExchangeName> {
  exchange: E;
  routingKey: string;
  payload: MessageOf<E>;
  headers?: Record<string, unknown>;
}

export type EnqueueOutboxMessage = <E extends ExchangeName>(message: OutboxMessageInput<E>) => Promise<OutboxMessage>;

export interface OutboxPublishResult {
  /** Message ids the broker confirmed and that are now marked published. */
  published: string[];
  /** Message ids whose publish failed; they stay unpublished for the republisher. */
  failed: string[];
}

export interface OutboxPublishOptions {
  /**
   * Bound on each publish, including any wait for a reconnect. The writer's default is short
   * (`WRITER_PUBLISH_TIMEOUT_MS`): a request should not stall through a broker outage when the republisher will
   * send the row anyway. The republisher defaults to the manager's publish timeout.
   */
  publishTimeoutMs?: number;
  /**
   * How confirmed rows are marked published; default one UPDATE on `db`. Writers default to their pool's deferred
   * marker (publishedMarksOf): the mark follows within a few milliseconds, together with other writers' marks.
   */
  markPublished?: MarkPublished;
}

/** How long a writer waits to publish its rows right after commit before leaving them to the republisher. */
export const WRITER_PUBLISH_TIMEOUT_MS = 1_000;

/**
 * Writes a message into the outbox inside the caller's transaction, so it exists if and only if the state change
 * it announces commits. The payload is validated against its exchange's schema first.
 */
export async function enqueueOutboxMessage<E extends ExchangeName>(
  trx: Knex.Transaction,
  message: OutboxMessageInput<E>,
): Promise<OutboxMessage> {
  const row = outboxMessageOf(message);
  await insertOutboxRows(trx, [row]);
  return row;
}

/** The outbox row of a message: its payload validated against its exchange's schema, a fresh message id. */
function outboxMessageOf<E extends ExchangeName>(message: OutboxMessageInput<E>): OutboxMessage {
  const schema = messageSchemas[message.exchange];
  const checked = schema.safeParse(message.payload);
  if (!checked.success) {
    throw new AppError('INTERNAL_ERROR', {
      detail: `outbox payload does not match the ${message.exchange} message schema`,
      cause: checked.error,
    });
  }
  return {
    messageId: randomUUID(),
    exchange: message.exchange,
    routingKey: message.routingKey,
    payload: checked.data,
    headers: message.headers,
  };
}

/** Publishes the given rows (by message id) that are still unpublished (used right after commit). Never throws. */
export async function publishOutboxMessages(
  db: Knex,
  manager: AmqpConnectionManager,
  messageIds: readonly string[],
  options: OutboxPublishOptions = {},
): Promise<OutboxPublishResult> {
  try {
    const messages = await findUnpublishedByMessageIds(db, messageIds);
    return await publishOutboxRows(db, manager, messages, writerDefaults(db, manager, options));
  } catch (err) {
    manager.logger.error({ event: 'outbox.publish_failed', err }, 'outbox lookup failed; the republisher will send');
    return { published: [], failed: [...messageIds] };
  }
}

/**
 * Runs `work(trx, enqueue)` in one transaction; after the commit, publishes what it enqueued and resolves with
 * `work`'s result. A failed publish is logged and left to the republisher: the row stays unpublished, never lost.
 * A rollback discards the rows, so nothing is published. The enqueued messages are inserted together when `work`
 * has finished, still inside its transaction: one statement however many it enqueued; so are the rows `work` added
 * through insertAtEnd (trace steps, webhook events), one statement per table.
 */
export async function runInTransactionWithOutbox<T>(
  db: Knex,
  manager: AmqpConnectionManager,
  work: (trx: Knex.Transaction, enqueue: EnqueueOutboxMessage) => Promise<T>,
  options: OutboxPublishOptions = {},
): Promise<T> {
  let enqueued: OutboxMessage[] = [];
  const result = await retryingDeadlocks(() => {
    enqueued = [];
    return db.transaction(async (trx) => {
      const enqueue: EnqueueOutboxMessage = (message) => {
        const row = outboxMessageOf(message);
        enqueued.push(row);
        return Promise.resolve(row);
      };
      const result = await flushingInsertsAtEnd(trx, () => work(trx, enqueue));
      await insertOutboxRows(trx, enqueued);
      return result;
    });
  });
  if (enqueued.length > 0) await publishOutboxRows(db, manager, enqueued, writerDefaults(db, manager, options));
  return result;
}

/** Attempts of a transaction the server rolls back as a deadlock victim (InnoDB's advice: run it again). */
const DEADLOCK_ATTEMPTS = 4;

/** Runs `transaction` again when the server chose it as a deadlock victim (it was rolled back whole). */
async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (!isDeadlockError(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** A writer waits for neither a slow broker (the republisher sends later) nor its mark (published-marks.ts). */
const writerDefaults = (
  db: Knex,
  manager: AmqpConnectionManager,
  options: OutboxPublishOptions,
): OutboxPublishOptions => ({
  publishTimeoutMs: options.publishTimeoutMs ?? WRITER_PUBLISH_TIMEOUT_MS,
  markPublished: options.markPublished ?? publishedMarksOf(db, manager.logger).mark,
});

/**
 * Publishes rows (issued in id order on one channel, so the broker keeps that order) and records the outcome on
 * `db`, which may be the transaction holding the rows' locks. Never throws; a failure to mark a row published only
 * means the republisher sends it again, and consumers dedupe by messageId.
 */
export async function publishOutboxRows(
  db: Queryable,
  manager: AmqpConnectionManager,
  messages: readonly OutboxMessage[],
  options: OutboxPublishOptions = {},
): Promise<OutboxPublishResult> {
  const { logger } = manager;
  const outcomes = await Promise.all(
    messages.map((message) =>
      manager
        .publish(message.exchange, message.routingKey, message.payload, {
          messageId: message.messageId,
          ...(message.headers ? { headers: message.headers } : {}),
          ...(options.publishTimeoutMs === undefined ? {} : { timeoutMs: options.publishTimeoutMs }),
        })
        .then(
          () => ({ message, status: 'fulfilled' as const }),
          (reason: unknown) => ({ message, status: 'rejected' as const, reason }),
        ),
    ),
  );
  const published: string[] = [];
  const failed: string[] = [];
  for (const outcome of outcomes) {
    const { message } = outcome;
    if (outcome.status === 'fulfilled') {
      published.push(message.messageId);
      continue;
    }
    failed.push(message.messageId);
    const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    logger.warn(
      { event: 'outbox.publish_failed', messageId: message.messageId, exchange: message.exchange },
      'outbox message not published; the republisher will retry it',
    );
    await recordPublishFailure(db, message.messageId, reason).catch((err: unknown) =>
      logger.error({ event: 'outbox.record_failure_failed', messageId: message.messageId, err }),
    );
  }
  const mark = options.markPublished ?? ((ids: readonly string[]) => markPublished(db, ids));
  await mark(published).catch((err: unknown) =>
    logger.error({ event: 'outbox.mark_published_failed', messageIds: published, err }),
  );
  return { published, failed };
}

/** A unit of work whose enqueued messages are published after its commit (see runInTransactionWithOutbox). */
export type OutboxTransaction = <T>(
  work: (trx: Knex.Transaction, enqueue: EnqueueOutboxMessage) => Promise<T>,
) => Promise<T>;

/**
 * Binds runInTransactionWithOutbox to a pool and a broker. Without a broker (a test app, or a deployment whose
 * broker is configured elsewhere) the rows are only written: the executor's outbox relay publishes them.
 */
export function createOutboxTransaction(db: Knex, manager: AmqpConnectionManager | undefined): OutboxTransaction {
  if (manager) return (work) => runInTransactionWithOutbox(db, manager, work);
  return (work) =>
    retryingDeadlocks(() => db.transaction((trx) => work(trx, (message) => enqueueOutboxMessage(trx, message))));
}
