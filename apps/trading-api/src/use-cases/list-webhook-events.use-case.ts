/*
 * GET /v1/webhooks/events: one keyset page of the calling key's webhook events (the key's own only: each key has
 * its own event stream), newest first on (created_at, id), optionally of some delivery statuses.
 */
import type { Knex } from 'knex';
import { listWebhookEventsOfKey } from '#shared/db/webhook-events/webhook-events.repository.js';
import { type WebhookDeliveryStatus, type WebhookEventRecord } from '#shared/db/webhook-events/webhook-event-rows.js';
import { keysetPage, resolvePageLimit, type KeysetPage, type KeysetPosition } from '#shared/domain/paging.js';

export const WEBHOOK_EVENTS_DEFAULT_LIMIT = 25;

export interface ListWebhookEventsCommand {
  apiKeyId: string;
  /** Only these statuses (in a fixed order, so the cursor is stable); absent = every status. */
  statuses?: readonly WebhookDeliveryStatus[];
  limit?: number;
  /** Continue after this event (the previous page's `nextAfter`). */
  after?: KeysetPosition;
}

export async function listWebhookEvents(
  deps: { db: Knex },
  command: ListWebhookEventsCommand,
): Promise<KeysetPage<WebhookEventRecord>> {
  const limit = resolvePageLimit(command.limit, WEBHOOK_EVENTS_DEFAULT_LIMIT);
  const position = command.after;
  const rows = await listWebhookEventsOfKey(deps.db, command.apiKeyId, {
    statuses: command.statuses,
    after: position && { createdAt: position.sortKey, id: position.id },
    limit: limit + 1,
  });
  return keysetPage(rows, limit, (event) => ({ sortKey: event.createdAt, id: event.id }));
}
