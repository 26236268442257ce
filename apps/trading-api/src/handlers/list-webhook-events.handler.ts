import type { Knex } from 'knex';
import type { WebhookDeliveryStatus } from '#shared/db/index.js';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import { presentWebhookEvent } from '../presenters/webhook-event.presenter.js';
import { listWebhookEvents } from '../use-cases/list-webhook-events.use-case.js';

const deliveryStatuses: readonly WebhookDeliveryStatus[] = ['none', 'pending', 'delivered', 'retrying', 'failed'];

/** `status=a,b` (validated against the description): distinct statuses in a fixed order, so the cursor is stable. */
function parseStatuses(value: unknown): WebhookDeliveryStatus[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const requested = new Set(value.split(','));
  return deliveryStatuses.filter((status) => requested.has(status));
}

/** GET /v1/webhooks/events → list envelope of the calling key's events, newest first, with signed keyset cursors. */
export function listWebhookEventsHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return async ({ input, auth }) => {
    const statuses = parseStatuses(input.query.status);
    const context: CursorContext = { route: 'listWebhookEvents', filters: { status: statuses?.join(',') } };
    const cursor = typeof input.query.cursor === 'string' ? input.query.cursor : undefined;
    const page = await listWebhookEvents(deps, {
      apiKeyId: auth.key.record.id,
      statuses,
      limit: typeof input.query.limit === 'number' ? input.query.limit : undefined,
      after: decodeOptionalCursor(deps.cursors, cursor, context),
    });
    const pagination = presentKeysetPagination(page, (after) => deps.cursors.encode(context, after));
    return { status: 200, body: listEnvelope(page.items.map(presentWebhookEvent), pagination) };
  };
}
