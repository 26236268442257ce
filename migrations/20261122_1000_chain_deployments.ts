import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { createdAtColumn, tableDefaults } from './schema-helpers.js';

/** Platform contracts deployed per chain: one deploy configures every deployable that reads this table. */
export const chainDeploymentsMigration: Migration = {
  name: '20261122_1000_chain_deployments',
  async up(knex: Knex) {
    await knex.schema.createTable('chain_deployments', (table) => {
      tableDefaults(table);
      table.integer('chain_id').unsigned().notNullable().primary();
      table.string('usdc_address', 42).notNullable();
      table.string('market_factory_address', 42).notNullable();
      table.string('account_factory_address', 42).notNullable();
      table.string('treasury_address', 42).notNullable();
      table.string('operator_address', 42).notNullable();
      createdAtColumn(knex, table, 'deployed_at');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('chain_deployments');
  },
};
