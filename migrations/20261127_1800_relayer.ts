import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * The relayer (decision 0031):
 * - `chain_deployments.operator_registry_address`: the OperatorRegistry every smart account's operator calls go
 *   through (the pool of executor signers, revocable at once). Null for a platform deployed before it: the executor
 *   refuses to trade there until `admin signers setup` deploys and records one.
 * - `trades.execution_deadline`: the instant after which the trade's on-chain call is refused (the registry checks it
 *   against the block's timestamp). Set when the trade is first sent and never moved, so every send and every
 *   reconciliation of the trade uses the same deadline.
 */
export const relayerMigration: Migration = {
  name: '20261127_1800_relayer',
  async up(knex: Knex) {
    await knex.schema.alterTable('chain_deployments', (table) => {
      table.string('operator_registry_address', 42).nullable();
    });
    await knex.schema.alterTable('trades', (table) => {
      table.datetime('execution_deadline', { precision: 3 }).nullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.dropColumn('execution_deadline');
    });
    await knex.schema.alterTable('chain_deployments', (table) => {
      table.dropColumn('operator_registry_address');
    });
  },
};
