import type { Knex } from 'knex';
import { findWebhookEventOfUser } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { notImplementedError } from './not-implemented.js';

/**
 * POST /v1/webhooks/events/{id}/redeliver: redelivery arrives with the webhook dispatcher issue; ownership is already
 * enforced (another user's event is a 404), the caller's own event answers 501 until then.
 */
export function redeliverWebhookEventHandler(deps: { db: Knex }): OperationHandler {
  return async ({ input, auth }) => {
    const eventId = String(input.params.id);
    if (!(await findWebhookEventOfUser(deps.db, eventId, auth.key.record.userId))) {
      throw new AppError('RESOURCE_NOT_FOUND', { detail: `No webhook event ${eventId}.` });
    }
    throw notImplementedError('redeliverWebhookEvent');
  };
}
