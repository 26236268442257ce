/*
 * POST /v1/webhooks/events/{id}/redeliver: one more delivery attempt of the calling key's event, at most 5 per
 * event. A delivered or terminally failed event gets one attempt (a failure returns it to `failed`); an event still
 * being retried stops waiting for its next scheduled attempt. The event row is locked, so concurrent calls count
 * exactly; the dispatcher is woken through the outbox in the same transaction.
 */
import { findWebhookEventOfKey, markEventForRedelivery } from '#shared/db/webhook-events/webhook-events.repository.js';
import { type WebhookEventRecord } from '#shared/db/webhook-events/webhook-event-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type OutboxTransaction } from '#shared/messaging/outbox.js';

export const MAX_MANUAL_REDELIVERIES = 5;

export async function redeliverWebhookEvent(
  deps: { outbox: OutboxTransaction },
  /** `webhookUrl`: the calling key's (from its authenticated record; a key's URL never changes after issuance). */
  command: { apiKeyId: string; webhookUrl: string | null; eventId: string; now: Date },
): Promise<WebhookEventRecord> {
  const { apiKeyId, eventId } = command;
  return deps.outbox(async (trx, enqueue) => {
    const event = await findWebhookEventOfKey(trx, apiKeyId, eventId, { lock: true });
    if (!event) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No webhook event ${eventId}.` });
    if (event.status === 'none' || !command.webhookUrl) {
      throw new AppError('WEBHOOK_NOT_CONFIGURED', {
        detail: command.webhookUrl
          ? `Event ${eventId} was recorded while this key had no webhook URL; it is never delivered.`
          : 'This key has no webhook URL to deliver to.',
      });
    }
    if (event.replayCount >= MAX_MANUAL_REDELIVERIES) {
      throw new AppError('WEBHOOK_REPLAY_LIMIT_REACHED', {
        detail: `Event ${eventId} was already redelivered ${MAX_MANUAL_REDELIVERIES} times (the most allowed).`,
        extensions: { limit: MAX_MANUAL_REDELIVERIES },
      });
    }
    const updated = await markEventForRedelivery(trx, event, command.now);
    await enqueue({ exchange: EXCHANGES.events, routingKey: event.type, payload: { eventId, apiKeyId } });
    return updated;
  });
}
