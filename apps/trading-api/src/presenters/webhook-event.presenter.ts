import type { WebhookEventRecord } from '#shared/db/webhook-events/webhook-event-rows.js';
import type { RotatedWebhookSecret } from '../use-cases/rotate-webhook-secret.use-case.js';
import { presentWebhookDelivery } from './trade.presenter.js';

/** components/account-schemas.yaml WebhookEvent: the delivery state, what the event is about, the last error. */
export function presentWebhookEvent(event: WebhookEventRecord) {
  return {
    id: event.id,
    type: event.type,
    apiVersion: event.apiVersion,
    tradeId: event.tradeId,
    createdAt: event.createdAt.toISOString(),
    ...presentWebhookDelivery(event),
    lastErrorMessage: event.lastErrorMessage,
  };
}

/** components/account-schemas.yaml WebhookSecret. */
export function presentWebhookSecret(rotated: RotatedWebhookSecret) {
  return {
    secret: rotated.secret,
    rotatedAt: rotated.rotatedAt.toISOString(),
    previousRetainedUntil: rotated.previousRetainedUntil?.toISOString() ?? null,
  };
}
