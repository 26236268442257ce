import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  datetimeColumn,
  dropTables,
  tableDefaults,
  timestampColumns,
  usdcAtomicColumn,
  uuidColumn,
} from './schema-helpers.js';

/**
 * Markets. `status` is OPEN | FROZEN | RESOLVED | CANCELLED (the public lower-case filter forms map onto these).
 * Aggregates (volumes, trade_count, unique_traders, current_*) are written by the chain indexer.
 */
export const marketsMigration: Migration = {
  name: '20261122_0300_markets',
  async up(knex: Knex) {
    await knex.schema.createTable('markets', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'thread_id').nullable().references('id').inTable('threads');
      uuidColumn(table, 'chapter_id').nullable().references('id').inTable('chapters');
      uuidColumn(table, 'organization_id').nullable().references('id').inTable('organizations');
      uuidColumn(table, 'partner_id').nullable().references('id').inTable('partners');
      table.string('question', 500).notNullable();
      table.text('description').notNullable();
      table.string('category', 64).notNullable();
      table.json('tags').notNullable().comment('array of strings');
      table.string('status', 16).notNullable().defaultTo('OPEN').comment('OPEN | FROZEN | RESOLVED | CANCELLED');
      table.json('outcomes').notNullable().comment('array of outcome labels; binary = ["YES","NO"]');
      table.tinyint('outcome_count').unsigned().notNullable().comment('length of outcomes (2..100)');
      table.string('contract_address', 42).nullable().unique('markets_contract_address_unique');
      table.integer('chain_id').unsigned().nullable();
      datetimeColumn(table, 'end_time').nullable().comment('trading closes');
      datetimeColumn(table, 'resolve_time').nullable().comment('when the market was resolved or cancelled');
      table.json('winning_outcomes').nullable().comment('outcome indexes that won (RESOLVED only)');
      table.string('source_social_post_url', 2048).nullable();
      table.boolean('featured').notNullable().defaultTo(false);
      table.bigInteger('total_volume_cents').notNullable().defaultTo(0);
      usdcAtomicColumn(table, 'total_volume_atomic').notNullable().defaultTo(0);
      table.integer('trade_count').unsigned().notNullable().defaultTo(0);
      table.integer('unique_traders').unsigned().notNullable().defaultTo(0);
      // Per outcome, WAD-18 decimal strings summing to 1e18: capital shares (implied chance) and marginal prices.
      table.json('current_probabilities').nullable();
      table.json('current_prices').nullable();
      // Outcome 0's probability (YES on binary markets) as a sortable scalar: sortBy=current_probability.
      table.specificType('current_probability', 'DECIMAL(19,18)').nullable();
      timestampColumns(knex, table);

      // Keyset pagination (created_at, id), alone and under the status filter (default filter: active).
      table.index(['created_at', 'id'], 'markets_created_idx');
      table.index(['status', 'created_at', 'id'], 'markets_status_created_idx');
      // Public filters; each also serves its foreign key.
      table.index(['category', 'status', 'created_at'], 'markets_category_status_idx');
      table.index(['thread_id', 'status', 'created_at'], 'markets_thread_status_idx');
      table.index(['chapter_id', 'status', 'created_at'], 'markets_chapter_status_idx');
      table.index(['organization_id', 'status', 'created_at'], 'markets_organization_status_idx');
      table.index(['partner_id', 'status', 'created_at'], 'markets_partner_status_idx');
      // Other sort orders and the featured list.
      table.index(['status', 'total_volume_cents'], 'markets_status_volume_idx');
      table.index(['status', 'end_time'], 'markets_status_end_time_idx');
      table.index(['featured', 'status'], 'markets_featured_idx');
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['markets']);
  },
};
