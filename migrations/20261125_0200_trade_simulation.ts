import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { asciiColumn } from './schema-helpers.js';

/**
 * Sandbox failure simulation (issue 19, decision 0023): the `X-Service-Simulate` value a test-environment trade was
 * placed with, in its canonical form (`revert`, `slippage`, `timeout`, `insufficient_balance`, `reject`,
 * `delay=<ms>`); null for every organic trade. The executor reads it to take the trade down the named path.
 */
export const tradeSimulationMigration: Migration = {
  name: '20261125_0200_trade_simulation',
  async up(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      asciiColumn(table, 'simulation', 32).nullable().after('request_hash');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.dropColumn('simulation');
    });
  },
};
