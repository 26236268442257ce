export { backoffDelay, RECONNECT_BACKOFF, type BackoffPolicy } from './backoff.js';
export {
  createAmqpConnectionManager,
  type AmqpConnectionManager,
  type AmqpConnectionManagerOptions,
  type ConsumeOptions,
  type ConsumerRegistration,
  type Delivery,
  type PublishOptions,
} from './connection-manager.js';
export {
  DEFAULT_PREFETCH,
  MAX_PREFETCH,
  startConsumer,
  type MessageContext,
  type RunningConsumer,
  type StartConsumerOptions,
} from './consumer.js';
export { isRetryableError, transientSummary } from './error-classification.js';
export * from './message-schemas.js';
export {
  createOutboxTransaction,
  enqueueOutboxMessage,
  publishOutboxMessages,
  runInTransactionWithOutbox,
  WRITER_PUBLISH_TIMEOUT_MS,
  type EnqueueOutboxMessage,
  type OutboxMessage,
  type OutboxMessageInput,
  type OutboxPublishOptions,
  type OutboxPublishResult,
  type OutboxTransaction,
} from './outbox.js';
export { createGroupedOutbox } from './grouped-outbox.js';
export { flushPublishedMarks } from './published-marks.js';
export {
  republishStaleOutbox,
  startOutboxRepublisher,
  type OutboxRepublisherOptions,
  type RepublishStaleOptions,
  type RunningOutboxRepublisher,
} from './outbox-republisher.js';
export * from './topology.js';
