import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  asciiColumn,
  createdAtColumn,
  datetimeColumn,
  dropTables,
  tableDefaults,
  uuidColumn,
} from './schema-helpers.js';

/** Audit trails (auth failures, admin actions) and per-key usage rollups for GET /v1/account/usage. */
export const auditUsageMigration: Migration = {
  name: '20261122_0800_audit_usage',
  async up(knex: Knex) {
    await knex.schema.createTable('auth_failures', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      // NULL when the presented key was missing, malformed or unknown.
      uuidColumn(table, 'api_key_id').nullable().references('id').inTable('api_keys');
      table.string('ip', 45).notNullable();
      table.string('code', 64).notNullable().comment('e.g. API_KEY_INVALID');
      table.string('route', 128).notNullable().comment('route id, e.g. POST /v1/trades');
      asciiColumn(table, 'request_id', 40).nullable();
      createdAtColumn(knex, table, 'occurred_at');
      table.index(['api_key_id', 'occurred_at'], 'auth_failures_key_time_idx');
      table.index(['ip', 'occurred_at'], 'auth_failures_ip_time_idx');
      table.index(['occurred_at'], 'auth_failures_time_idx');
    });

    await knex.schema.createTable('admin_audit_log', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      table.string('actor', 128).notNullable().comment('operator identity (OS user or explicit --actor)');
      table.string('action', 64).notNullable().comment('e.g. keys.issue, markets.resolve');
      table.string('target_type', 32).nullable().comment('user | api_key | market | trade | …');
      table.string('target_id', 64).nullable();
      table.json('details').notNullable();
      createdAtColumn(knex, table, 'occurred_at');
      table.index(['target_type', 'target_id', 'occurred_at'], 'admin_audit_target_idx');
      table.index(['occurred_at'], 'admin_audit_time_idx');
    });

    await knex.schema.createTable('request_usage', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'api_key_id').notNullable().references('id').inTable('api_keys');
      datetimeColumn(table, 'bucket_start').notNullable().comment('UTC minute the counts belong to');
      table.integer('requests').unsigned().notNullable().defaultTo(0);
      table.integer('rate_limit_rejections').unsigned().notNullable().defaultTo(0);
      table.integer('auth_failures').unsigned().notNullable().defaultTo(0);
      table.primary(['api_key_id', 'bucket_start']);
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['request_usage', 'admin_audit_log', 'auth_failures']);
  },
};
