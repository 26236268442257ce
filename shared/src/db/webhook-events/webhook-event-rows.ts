/*
 * Row <-> domain mapping of webhook_events for its repository (this folder): the delivery states, the shapes a row
 * reads as, and the columns the event list selects. No knex here.
 */
import { toBoolean, toDate, toDateOrNull, toInt, toIntOrNull, toOneOf, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Row } from '../transaction.js';

export const webhookDeliveryStatuses = ['none', 'pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** The `status` column (an ENUM of exactly these values). */
export function toWebhookDeliveryStatus(value: unknown): WebhookDeliveryStatus {
  return toOneOf(webhookDeliveryStatuses, value, 'webhook_events.status');
}

export interface WebhookDeliveryState {
  status: WebhookDeliveryStatus;
  attempts: number;
  lastAttemptedAt: Date | null;
  lastStatusCode: number | null;
  lastFailureCode: string | null;
  terminalFailureAt: Date | null;
}

export function toWebhookDeliveryState(row: Row): WebhookDeliveryState {
  return {
    status: toWebhookDeliveryStatus(row.status),
    attempts: toInt(row.attempts),
    lastAttemptedAt: toDateOrNull(row.last_attempted_at),
    lastStatusCode: toIntOrNull(row.last_status_code),
    lastFailureCode: toStringOrNull(row.last_failure_code),
    terminalFailureAt: toDateOrNull(row.terminal_failure_at),
  };
}

/** The state of a trade whose key has a webhook URL but no event about it yet. */
const noWebhookDeliveryYet: WebhookDeliveryState = {
  status: 'none',
  attempts: 0,
  lastAttemptedAt: null,
  lastStatusCode: null,
  lastFailureCode: null,
  terminalFailureAt: null,
};

/** The delivery state of a trade no event was recorded about yet: `none` when its key has a webhook URL, else null. */
export const deliveryBeforeAnyEvent = (webhookUrl: string | null): WebhookDeliveryState | null =>
  webhookUrl ? noWebhookDeliveryYet : null;

/** A webhook event as GET /v1/webhooks/events lists it: its delivery state and what it is about. */
export interface WebhookEventRecord extends WebhookDeliveryState {
  id: string;
  apiKeyId: string;
  seq: number;
  type: string;
  apiVersion: string;
  tradeId: string | null;
  lastErrorMessage: string | null;
  replayCount: number;
  redeliveryRequested: boolean;
  createdAt: Date;
}

/** The columns toWebhookEvent reads (the payload is left out). */
export const webhookEventColumns = [
  'id',
  'api_key_id',
  'seq',
  'type',
  'api_version',
  'trade_id',
  'status',
  'attempts',
  'last_attempted_at',
  'last_status_code',
  'last_failure_code',
  'last_error_message',
  'terminal_failure_at',
  'replay_count',
  'redelivery_requested',
  'created_at',
];

export function toWebhookEvent(row: Row): WebhookEventRecord {
  return {
    ...toWebhookDeliveryState(row),
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    seq: toInt(row.seq),
    type: String(row.type),
    apiVersion: String(row.api_version),
    tradeId: toStringOrNull(row.trade_id),
    lastErrorMessage: toStringOrNull(row.last_error_message),
    replayCount: toInt(row.replay_count),
    redeliveryRequested: toBoolean(row.redelivery_requested),
    createdAt: toDate(row.created_at),
  };
}

/** An event as a stream sends it: its place in the key's order and the envelope as delivered. */
export interface StreamedWebhookEvent {
  seq: number;
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export function toStreamedWebhookEvent(row: Row): StreamedWebhookEvent {
  return {
    seq: toInt(row.seq),
    id: String(row.id),
    type: String(row.type),
    payload: parseJsonColumn<Record<string, unknown>>(row.payload),
  };
}

/** An event of a trade as tests and traces list it: the streamed event and its delivery status. */
export interface WebhookEventSummary extends StreamedWebhookEvent {
  status: WebhookDeliveryStatus;
}

export function toWebhookEventSummary(row: Row): WebhookEventSummary {
  return { ...toStreamedWebhookEvent(row), status: toWebhookDeliveryStatus(row.status) };
}
