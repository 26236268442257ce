import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  datetimeColumn,
  dropTables,
  fixedAsciiColumn,
  tableDefaults,
  timestampColumns,
  usdcAtomicColumn,
  uuidColumn,
} from './schema-helpers.js';

/** Users and their API keys. */
export const identityMigration: Migration = {
  name: '20261122_0100_identity',
  async up(knex: Knex) {
    await knex.schema.createTable('users', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      // Stored lower-cased by the repository; the unique index is case-insensitive anyway.
      table.string('email', 254).notNullable().unique('users_email_unique');
      table.string('smart_account_address', 42).nullable().unique('users_smart_account_unique');
      table.string('status', 16).notNullable().defaultTo('active').comment('active | suspended');
      timestampColumns(knex, table);
    });

    await knex.schema.createTable('api_keys', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'user_id').notNullable().references('id').inTable('users');
      table.string('env', 4).notNullable().comment('live | test: the key prefix svc_<env>_');
      // HMAC-SHA256(pepper, plaintext key) as 64 lower-case hex chars. The plaintext is never stored.
      fixedAsciiColumn(table, 'key_hash', 64).notNullable().unique('api_keys_key_hash_unique');
      table.string('last4', 4).notNullable();
      table.string('name', 100).nullable();
      table.string('tier', 16).notNullable().comment('free | developer | enterprise | mm');
      table.json('scopes').notNullable().comment('array of scope strings');
      table.json('ip_allowlist').nullable().comment('array of IPs/CIDRs; NULL = any address');
      table.string('webhook_url', 2048).nullable();
      // whsec_… secrets must sign, so they are encrypted (not hashed) by the application.
      table.string('webhook_secret_enc', 512).nullable();
      table.string('webhook_secret_prev_enc', 512).nullable();
      datetimeColumn(table, 'webhook_secret_prev_expires_at').nullable();
      datetimeColumn(table, 'webhook_secret_rotated_at').nullable();
      // Per-webhook-event sequence counter: the next event of this key gets last_webhook_seq + 1 (row-locked).
      table.bigInteger('last_webhook_seq').notNullable().defaultTo(0);
      // Limits: NULL = the tier's default (which for free/developer thresholds means "none").
      table.integer('rate_limit_rpm').unsigned().nullable();
      usdcAtomicColumn(table, 'daily_spend_limit').nullable();
      usdcAtomicColumn(table, 'per_trade_limit').nullable();
      usdcAtomicColumn(table, 'high_value_threshold').nullable();
      table.integer('confirmation_window_s').unsigned().nullable().comment('NULL = platform default (60 s)');
      datetimeColumn(table, 'expires_at').nullable();
      datetimeColumn(table, 'revoked_at').nullable();
      datetimeColumn(table, 'last_used_at').nullable();
      timestampColumns(knex, table);
      // Active-key count per user (revoked_at IS NULL) and the admin list.
      table.index(['user_id', 'revoked_at'], 'api_keys_user_active_idx');
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['api_keys', 'users']);
  },
};
