import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  asciiColumn,
  datetimeColumn,
  dropTables,
  fixedAsciiColumn,
  tableDefaults,
  timestampColumns,
  usdcAtomicColumn,
  uuidColumn,
  wadColumn,
} from './schema-helpers.js';

/**
 * Redemption claims (POST /v1/redemptions).
 *
 * At most one OPEN claim per (user, market, outcome). MySQL has no partial unique index, so the writer sets
 * `open_claim_key` = `<user_id>:<market_id>:<outcome_index>` while the claim is open (pending | executing) and
 * sets it to NULL when the claim settles (completed | failed); NULLs never collide in a UNIQUE index, so any
 * number of settled claims may coexist with one open claim.
 */
export const redemptionsMigration: Migration = {
  name: '20261122_0600_redemptions',
  async up(knex: Knex) {
    await knex.schema.createTable('redemptions', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'user_id').notNullable().references('id').inTable('users');
      uuidColumn(table, 'api_key_id').nullable().references('id').inTable('api_keys');
      uuidColumn(table, 'market_id').notNullable().references('id').inTable('markets');
      table.smallint('outcome_index').unsigned().notNullable();
      table.string('status', 16).notNullable().defaultTo('pending').comment('pending | executing | completed | failed');
      asciiColumn(table, 'open_claim_key', 100).nullable().unique('redemptions_open_claim_unique');
      wadColumn(table, 'tokens').nullable().comment('WAD-18 tokens redeemed');
      usdcAtomicColumn(table, 'payout').nullable();
      fixedAsciiColumn(table, 'tx_hash', 66).nullable();
      table.string('error_code', 64).nullable();
      table.string('error_message', 500).nullable();
      datetimeColumn(table, 'settled_at').nullable();
      timestampColumns(knex, table);
      table.index(['user_id', 'created_at', 'id'], 'redemptions_user_created_idx');
      table.index(['market_id', 'outcome_index'], 'redemptions_market_outcome_idx');
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['redemptions']);
  },
};
