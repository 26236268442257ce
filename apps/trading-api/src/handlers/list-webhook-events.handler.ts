import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** GET /v1/webhooks/events: arrives with the webhook dispatcher issue. */
export function listWebhookEventsHandler(): OperationHandler {
  return notImplemented('listWebhookEvents');
}
