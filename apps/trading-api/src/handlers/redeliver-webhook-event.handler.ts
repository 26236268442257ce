import type { Knex } from 'knex';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { requireOwnWebhookEvent } from '../use-cases/trade-reads.use-case.js';
import { notImplementedError } from './not-implemented.js';

/**
 * POST /v1/webhooks/events/{id}/redeliver: redelivery arrives with the webhook dispatcher issue; ownership is already
 * enforced (another user's event is a 404), the caller's own event answers 501 until then.
 */
export function redeliverWebhookEventHandler(deps: { db: Knex }): OperationHandler {
  return async ({ input, auth }) => {
    await requireOwnWebhookEvent(deps, { eventId: String(input.params.id), userId: auth.key.record.userId });
    throw notImplementedError('redeliverWebhookEvent');
  };
}
