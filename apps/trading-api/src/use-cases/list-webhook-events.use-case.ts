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
import { paginate, resolvePageLimit, type CursorCodec, type CursorContext } from '../http/cursor.js';
import type { Pagination } from '../http/envelope.js';

export const WEBHOOK_EVENTS_DEFAULT_LIMIT = 25;

export interface ListWebhookEventsCommand {
  apiKeyId: string;
  /** Only these statuses (in a fixed order, so the cursor is stable); absent = every status. */
  statuses?: readonly WebhookDeliveryStatus[];
  limit?: number;
  cursor?: string;
}

export async function listWebhookEvents(
  deps: { db: Knex; cursors: CursorCodec },
  command: ListWebhookEventsCommand,
): Promise<{ items: WebhookEventRecord[]; pagination: Pagination }> {
  const context: CursorContext = { route: 'listWebhookEvents', filters: { status: command.statuses?.join(',') } };
  const limit = resolvePageLimit(command.limit, WEBHOOK_EVENTS_DEFAULT_LIMIT);
  const position = command.cursor === undefined ? undefined : deps.cursors.decode(command.cursor, context);
  const rows = await listWebhookEventsOfKey(deps.db, command.apiKeyId, {
    statuses: command.statuses,
    after: position && { createdAt: position.sortKey, id: position.id },
    limit: limit + 1,
  });
  return paginate(
    rows,
    limit,
    (event) => ({ sortKey: event.createdAt, id: event.id }),
    (next) => deps.cursors.encode(context, next),
  );
}
