import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentWebhookEvent } from '../presenters/webhook-event.presenter.js';
import { redeliverWebhookEvent } from '../use-cases/redeliver-webhook-event.use-case.js';

/** POST /v1/webhooks/events/{id}/redeliver → 202 `{event, data, _meta}`; another key's event or an unknown id: 404. */
export function redeliverWebhookEventHandler(deps: { outbox: OutboxTransaction }): OperationHandler {
  return typedHandler<'redeliverWebhookEvent'>(async ({ input, auth, now }) => {
    const event = await redeliverWebhookEvent(deps, {
      apiKeyId: auth.key.record.id,
      webhookUrl: auth.key.record.webhookUrl,
      eventId: input.params.id,
      now,
    });
    return { status: 202, body: resourceEnvelope('event', presentWebhookEvent(event)), meta: { idempotent: false } };
  });
}
