import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { datetimeColumn } from './schema-helpers.js';

/**
 * A second retained webhook secret (decision 0018): a rotation keeps the secret it replaces signing for 7 days, and
 * a second rotation within those days keeps the first one too (`webhook_secret_older_*`), so a receiver that never
 * saw the secret in between (a rotation whose answer was lost, then retried) still verifies.
 */
export const webhookSecretOlderMigration: Migration = {
  name: '20261128_0200_webhook_secret_older',
  async up(knex: Knex) {
    await knex.schema.alterTable('api_keys', (table) => {
      table.string('webhook_secret_older_enc', 512).nullable();
      datetimeColumn(table, 'webhook_secret_older_expires_at').nullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('api_keys', (table) => {
      table.dropColumn('webhook_secret_older_enc');
      table.dropColumn('webhook_secret_older_expires_at');
    });
  },
};
