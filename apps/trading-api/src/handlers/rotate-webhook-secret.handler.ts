import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplemented } from './not-implemented.js';

/** POST /v1/auth/api-keys/me/webhook-secret/rotate: arrives with the webhook dispatcher issue. */
export function rotateWebhookSecretHandler(): OperationHandler {
  return notImplemented('rotateWebhookSecret');
}
