import type { Knex } from 'knex';
import type { WebhookDeliveryStatus } from '#shared/db/webhook-events/webhook-event-rows.js';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import { parseStatusFilter } from '../http/status-filter.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { presentWebhookEvent } from '../presenters/webhook-event.presenter.js';
import { listWebhookEvents } from '../use-cases/list-webhook-events.use-case.js';

const deliveryStatuses: readonly WebhookDeliveryStatus[] = ['none', 'pending', 'delivered', 'retrying', 'failed'];

/** GET /v1/webhooks/events → list envelope of the calling key's events, newest first, with signed keyset cursors. */
export function listWebhookEventsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return typedHandler<'listWebhookEvents'>(async ({ input, auth }) => {
    const { limit, cursor } = input.query;
    const statuses = parseStatusFilter(input.query.status, deliveryStatuses);
    const context: CursorContext = { route: 'listWebhookEvents', filters: { status: statuses?.join(',') } };
    const page = await listWebhookEvents(deps, {
      apiKeyId: auth.key.record.id,
      statuses,
      limit,
      after: decodeOptionalCursor(deps.cursors, cursor, context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentWebhookEvent), pagination) };
  });
}
