/*
 * GET /v1/webhooks/events: one keyset page of the calling key's webhook events (the key's own only: each key has
 * its own event stream), newest first on (created_at, id), optionally of some delivery statuses.
 */
import type { Knex } from 'knex';
import {
  listWebhookEventsOfKey,
  type WebhookDeliveryStatus,
  type WebhookEventRecord,
} from '../../../../shared/src/db/index.js';

export interface WebhookEventPage {
  items: WebhookEventRecord[];
  hasMore: boolean;
  next: { createdAt: Date; id: string } | null;
}

export async function listWebhookEvents(
  deps: { db: Knex },
  command: {
    apiKeyId: string;
    statuses?: readonly WebhookDeliveryStatus[];
    limit: number;
    after?: { createdAt: Date; id: string };
  },
): Promise<WebhookEventPage> {
  const rows = await listWebhookEventsOfKey(deps.db, command.apiKeyId, {
    statuses: command.statuses,
    after: command.after,
    limit: command.limit + 1,
  });
  const hasMore = rows.length > command.limit;
  const items = hasMore ? rows.slice(0, command.limit) : rows;
  const last = items[items.length - 1];
  return { items, hasMore, next: hasMore && last ? { createdAt: last.createdAt, id: last.id } : null };
}
