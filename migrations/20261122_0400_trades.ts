import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  asciiColumn,
  createdAtColumn,
  datetimeColumn,
  dropTables,
  fixedAsciiColumn,
  tableDefaults,
  timestampColumns,
  usdcAtomicColumn,
  uuidColumn,
  wadColumn,
} from './schema-helpers.js';

/** Trades of the trading API, their event timeline, and Idempotency-Key records. */
export const tradesMigration: Migration = {
  name: '20261122_0400_trades',
  async up(knex: Knex) {
    await knex.schema.createTable('trades', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'api_key_id').notNullable().references('id').inTable('api_keys');
      uuidColumn(table, 'user_id').notNullable().references('id').inTable('users');
      uuidColumn(table, 'market_id').notNullable().references('id').inTable('markets');
      table.smallint('outcome_index').unsigned().notNullable();
      table.string('side', 4).notNullable().comment('buy | sell');
      // `amount` is the canonical wire decimal string; amount_atomic the same value in USDC atomic units.
      table.string('amount', 32).notNullable();
      usdcAtomicColumn(table, 'amount_atomic').notNullable();
      table
        .string('status', 24)
        .notNullable()
        .comment('pending_confirmation | pending | validating | executing | completed | failed | rejected');
      uuidColumn(table, 'correlation_id').notNullable().unique('trades_correlation_unique');
      asciiColumn(table, 'client_request_id', 128).nullable();
      fixedAsciiColumn(table, 'tx_hash', 66).nullable();
      wadColumn(table, 'tokens_out').nullable().comment('WAD-18, buys');
      wadColumn(table, 'tokens_in').nullable().comment('WAD-18 tokens sold, sells');
      table.string('error_code', 64).nullable();
      table.string('error_message', 500).nullable();
      table.json('metadata').notNullable().comment('string -> string map, {} when absent');
      // High-value confirmation: only an HMAC of the one-time token is stored.
      fixedAsciiColumn(table, 'confirmation_token_hash', 64).nullable();
      datetimeColumn(table, 'confirmation_expires_at').nullable();
      datetimeColumn(table, 'confirmation_used_at').nullable();
      // Idempotency: the Idempotency-Key header that created the trade (if any) and the hash of the body identity
      // (marketId, outcomeIndex, amount, side, sorted metadata) used to detect conflicting replays.
      asciiColumn(table, 'idempotency_key', 128).nullable();
      fixedAsciiColumn(table, 'request_hash', 64).notNullable();
      datetimeColumn(table, 'finished_at').nullable().comment('reached completed | failed | rejected');
      timestampColumns(knex, table);

      table.unique(['api_key_id', 'client_request_id'], { indexName: 'trades_key_client_request_unique' });
      // Keyset pagination per key (also the rolling 24 h daily-cap sum) and per user.
      table.index(['api_key_id', 'created_at', 'id'], 'trades_key_created_idx');
      table.index(['api_key_id', 'market_id', 'created_at', 'id'], 'trades_key_market_created_idx');
      table.index(['user_id', 'created_at', 'id'], 'trades_user_created_idx');
      table.index(['market_id', 'created_at'], 'trades_market_created_idx');
      // The executor's sweep of unconfirmed trades past their window.
      table.index(['status', 'confirmation_expires_at'], 'trades_status_confirmation_idx');
    });

    await knex.schema.createTable('trade_events', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      uuidColumn(table, 'correlation_id').notNullable().references('correlation_id').inTable('trades');
      uuidColumn(table, 'trade_id').notNullable().references('id').inTable('trades');
      table.integer('seq').unsigned().notNullable().comment('sequenceNumber within the correlation id, from 1');
      table.string('type', 64).notNullable();
      table.json('data').notNullable();
      createdAtColumn(knex, table, 'occurred_at');
      table.unique(['correlation_id', 'seq'], { indexName: 'trade_events_correlation_seq_unique' });
    });

    await knex.schema.createTable('idempotency_keys', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      uuidColumn(table, 'api_key_id').notNullable().references('id').inTable('api_keys');
      asciiColumn(table, 'idem_key', 128).notNullable();
      table.string('route', 64).notNullable().comment('e.g. POST /v1/trades');
      fixedAsciiColumn(table, 'request_hash', 64).notNullable();
      table.string('state', 16).notNullable().defaultTo('in_progress').comment('in_progress | completed');
      table.smallint('response_status').unsigned().nullable();
      table.json('response_body').nullable();
      uuidColumn(table, 'trade_id').nullable().references('id').inTable('trades');
      createdAtColumn(knex, table);
      datetimeColumn(table, 'expires_at').notNullable().comment('created_at + 24 h; the key is reusable after');
      datetimeColumn(table, 'completed_at').nullable();
      table.unique(['api_key_id', 'idem_key'], { indexName: 'idempotency_keys_key_unique' });
      table.index(['expires_at'], 'idempotency_keys_expires_idx');
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['idempotency_keys', 'trade_events', 'trades']);
  },
};
