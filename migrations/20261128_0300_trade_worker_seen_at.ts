import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { datetimeColumn } from './schema-helpers.js';

/**
 * When an executor worker last said it still holds the trade (decision 0031): a worker refreshes it while the trade
 * is in its hands (validating, executing, waiting for a receipt), and the reconciler takes only trades whose worker
 * has been silent for STALLED_TRADE_AFTER_MS. Kept apart from `updated_at`, which the API shows and ETags follow.
 */
export const tradeWorkerSeenAtMigration: Migration = {
  name: '20261128_0300_trade_worker_seen_at',
  async up(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      datetimeColumn(table, 'worker_seen_at').nullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.dropColumn('worker_seen_at');
    });
  },
};
