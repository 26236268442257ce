import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * Webhook delivery (the dispatcher):
 * - `redelivery_requested`: a manual redelivery of a delivered or terminally failed event waits for its one
 *   attempt (a failure returns it to `failed`, it does not restart the schedule);
 * - index (api_key_id, status, seq): a key's next open event (FIFO per key), and "no earlier open event" when the
 *   dispatcher's sweep looks for keys whose next event is due, without reading the key's delivered history.
 */
export const webhookDeliveryMigration: Migration = {
  name: '20261125_0100_webhook_delivery',
  async up(knex: Knex) {
    await knex.schema.alterTable('webhook_events', (table) => {
      table.boolean('redelivery_requested').notNullable().defaultTo(false).after('replay_count');
      table.index(['api_key_id', 'status', 'seq'], 'webhook_events_key_status_seq_idx');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('webhook_events', (table) => {
      table.dropIndex(['api_key_id', 'status', 'seq'], 'webhook_events_key_status_seq_idx');
      table.dropColumn('redelivery_requested');
    });
  },
};
