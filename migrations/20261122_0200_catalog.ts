import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { datetimeColumn, dropTables, tableDefaults, timestampColumns, uuidColumn } from './schema-helpers.js';

/** Branding and grouping: organizations, partners, threads and their chapters. */
export const catalogMigration: Migration = {
  name: '20261122_0200_catalog',
  async up(knex: Knex) {
    await knex.schema.createTable('organizations', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      table.string('name', 200).notNullable();
      table.string('slug', 100).notNullable().unique('organizations_slug_unique');
      table.string('display_name', 200).notNullable();
      table.string('tagline', 500).notNullable().defaultTo('');
      table.string('color_primary', 7).notNullable().comment('#rrggbb');
      table.string('logo_url', 2048).nullable();
      table.string('status', 16).nullable().comment('active | inactive');
      timestampColumns(knex, table);
    });

    await knex.schema.createTable('partners', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'organization_id').notNullable().references('id').inTable('organizations');
      table.string('name', 200).notNullable();
      table.string('slug', 100).notNullable().unique('partners_slug_unique');
      table.text('description').nullable();
      table.string('display_name', 200).nullable();
      table.string('tagline', 500).notNullable().defaultTo('');
      table.string('color_primary', 7).nullable().comment('#rrggbb');
      table.string('logo_url', 2048).nullable();
      table.string('website_url', 2048).nullable();
      table.string('status', 16).notNullable().defaultTo('active').comment('active | inactive');
      timestampColumns(knex, table);
    });

    await knex.schema.createTable('threads', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'organization_id').nullable().references('id').inTable('organizations');
      uuidColumn(table, 'partner_id').nullable().references('id').inTable('partners');
      table.string('title', 300).notNullable();
      table.text('description').notNullable().comment('may contain markdown');
      table.string('image_url', 2048).nullable();
      table.string('background_image_url', 2048).nullable();
      table.string('status', 16).notNullable().comment('active | upcoming | completed | resolved | cancelled | paused');
      table.string('category', 64).notNullable();
      table.json('tags').notNullable().comment('array of strings');
      datetimeColumn(table, 'start_time').nullable();
      datetimeColumn(table, 'end_time').nullable();
      // totalVolume, marketCount and participantCount are aggregated from markets / market_trades on read
      // (markets_thread_status_idx, market_trades_market_trader_idx), so they can never drift from their sources.
      timestampColumns(knex, table);
      table.index(['status', 'created_at', 'id'], 'threads_status_created_idx');
      table.index(['category', 'status', 'created_at'], 'threads_category_status_idx');
      table.index(['organization_id', 'created_at'], 'threads_organization_idx');
      table.index(['partner_id', 'created_at'], 'threads_partner_idx');
    });

    await knex.schema.createTable('chapters', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary();
      uuidColumn(table, 'thread_id').notNullable().references('id').inTable('threads');
      table.string('title', 300).notNullable();
      table.integer('position').unsigned().nullable().comment('ordering within the thread');
      timestampColumns(knex, table);
      // One chapter per position in a thread (NULL positions do not collide).
      table.unique(['thread_id', 'position'], { indexName: 'chapters_thread_position_unique' });
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['chapters', 'threads', 'partners', 'organizations']);
  },
};
