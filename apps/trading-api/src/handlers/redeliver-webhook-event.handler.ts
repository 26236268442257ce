import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/webhooks/events/{id}/redeliver: arrives with the webhook dispatcher issue. */
export function redeliverWebhookEventHandler(): OperationHandler {
  return notImplemented('redeliverWebhookEvent');
}
