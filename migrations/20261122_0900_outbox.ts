import type { Knex } from 'knex';
import type { Migration } from './index.js';

/** Transactional outbox: a row is written in the same transaction as the state change it announces. */
export const outboxMigration: Migration = {
  name: '20261122_0900_outbox',
  async up(knex: Knex) {
    await knex.schema.createTable('outbox', (table) => {
      table.bigIncrements('id').primary();
      table.specificType('message_id', 'CHAR(36)').notNullable().unique();
      table.string('exchange', 64).notNullable();
      table.string('routing_key', 128).notNullable();
      table.json('payload').notNullable();
      table.json('headers').nullable();
      table.specificType('created_at', 'DATETIME(3)').notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
      table.specificType('published_at', 'DATETIME(3)').nullable();
      table.integer('publish_attempts').unsigned().notNullable().defaultTo(0);
      table.string('last_error', 500).nullable();
      table.index(['published_at', 'created_at'], 'outbox_unpublished_idx');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('outbox');
  },
};
