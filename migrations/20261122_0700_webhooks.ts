import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  asciiColumn,
  createdAtColumn,
  datetimeColumn,
  dropTables,
  tableDefaults,
  timestampColumns,
  uuidColumn,
} from './schema-helpers.js';

/** Webhook events (one row per envelope, FIFO per API key by `seq`) and every delivery attempt. */
export const webhooksMigration: Migration = {
  name: '20261122_0700_webhooks',
  async up(knex: Knex) {
    await knex.schema.createTable('webhook_events', (table) => {
      tableDefaults(table);
      asciiColumn(table, 'id', 40).primary().comment('evt_… (case-sensitive)');
      uuidColumn(table, 'api_key_id').notNullable().references('id').inTable('api_keys');
      table.bigInteger('seq').unsigned().notNullable().comment('per-key order, from api_keys.last_webhook_seq');
      table.string('type', 64).notNullable();
      table.string('api_version', 16).notNullable().comment('pinned at emission');
      uuidColumn(table, 'trade_id').nullable().references('id').inTable('trades');
      table.json('payload').notNullable().comment('the envelope as delivered');
      table.string('status', 16).notNullable().defaultTo('pending').comment('pending | retrying | delivered | failed');
      table.integer('attempts').unsigned().notNullable().defaultTo(0);
      datetimeColumn(table, 'next_attempt_at').nullable();
      datetimeColumn(table, 'last_attempted_at').nullable();
      table.smallint('last_status_code').unsigned().nullable();
      table.string('last_failure_code', 64).nullable();
      table.string('last_error_message', 500).nullable();
      datetimeColumn(table, 'terminal_failure_at').nullable();
      table.integer('replay_count').unsigned().notNullable().defaultTo(0).comment('manual redeliveries (max 5)');
      datetimeColumn(table, 'delivered_at').nullable();
      timestampColumns(knex, table);

      table.unique(['api_key_id', 'seq'], { indexName: 'webhook_events_key_seq_unique' });
      // GET /v1/webhooks/events keyset pagination, with and without the status filter.
      table.index(['api_key_id', 'created_at', 'id'], 'webhook_events_key_created_idx');
      table.index(['api_key_id', 'status', 'created_at', 'id'], 'webhook_events_key_status_idx');
      // Dispatcher: due deliveries.
      table.index(['status', 'next_attempt_at'], 'webhook_events_due_idx');
      // Trade.webhookDelivery: the latest event of a trade.
      table.index(['trade_id', 'created_at'], 'webhook_events_trade_idx');
    });

    await knex.schema.createTable('webhook_attempts', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      asciiColumn(table, 'event_id', 40).notNullable().references('id').inTable('webhook_events');
      table.integer('attempt_number').unsigned().notNullable();
      table.string('triggered_by', 16).notNullable().comment('schedule | manual');
      table.string('url', 2048).notNullable();
      createdAtColumn(knex, table, 'started_at');
      datetimeColumn(table, 'finished_at').nullable();
      table.integer('duration_ms').unsigned().nullable();
      table.smallint('status_code').unsigned().nullable();
      table.string('outcome', 16).notNullable().comment('delivered | retry | failed');
      table.string('failure_code', 64).nullable();
      table.string('error_message', 500).nullable();
      table.unique(['event_id', 'attempt_number'], { indexName: 'webhook_attempts_event_attempt_unique' });
      table.index(['started_at'], 'webhook_attempts_started_idx');
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['webhook_attempts', 'webhook_events']);
  },
};
