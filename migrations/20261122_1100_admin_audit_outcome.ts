import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * admin_audit_log.outcome: `success`, or the error code that refused the action (VALIDATION_FAILED,
 * ACTIVE_KEY_LIMIT_REACHED, RESOURCE_NOT_FOUND, …), so refused attempts are recorded next to the actions that
 * succeeded. Rows written before this migration were all successes: the default fills them in.
 */
export const adminAuditOutcomeMigration: Migration = {
  name: '20261122_1100_admin_audit_outcome',
  async up(knex: Knex) {
    await knex.schema.alterTable('admin_audit_log', (table) => {
      table
        .string('outcome', 64)
        .notNullable()
        .defaultTo('success')
        .comment('success, or the error code that refused the action')
        .after('target_id');
      table.index(['outcome', 'occurred_at'], 'admin_audit_outcome_idx');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('admin_audit_log', (table) => {
      table.dropIndex(['outcome', 'occurred_at'], 'admin_audit_outcome_idx');
      table.dropColumn('outcome');
    });
  },
};
