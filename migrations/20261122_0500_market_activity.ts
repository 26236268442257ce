import type { Knex } from 'knex';
import type { Migration } from './index.js';
import {
  createdAtColumn,
  datetimeColumn,
  dropTables,
  fixedAsciiColumn,
  tableDefaults,
  usdcAtomicColumn,
  uuidColumn,
  wadColumn,
} from './schema-helpers.js';

/** What the chain indexer writes: trades seen on market contracts, price history, and its block cursors. */
export const marketActivityMigration: Migration = {
  name: '20261122_0500_market_activity',
  async up(knex: Knex) {
    await knex.schema.createTable('market_trades', (table) => {
      tableDefaults(table);
      uuidColumn(table, 'id').primary().comment('served as the prediction / recent-trade id');
      uuidColumn(table, 'market_id').notNullable().references('id').inTable('markets');
      table.integer('chain_id').unsigned().notNullable();
      fixedAsciiColumn(table, 'tx_hash', 66).notNullable();
      table.integer('log_index').unsigned().notNullable();
      table.bigInteger('block_number').unsigned().notNullable();
      datetimeColumn(table, 'block_time').notNullable();
      table.string('trader', 42).notNullable().comment('smart account address');
      // Set when the trade came from our executor (NULL for trades placed directly on-chain).
      uuidColumn(table, 'trade_id').nullable().references('id').inTable('trades');
      table.smallint('outcome_index').unsigned().notNullable();
      table.string('side', 4).notNullable().comment('buy | sell');
      usdcAtomicColumn(table, 'usdc').notNullable().comment('USDC atomic: paid in (buy) or received (sell)');
      wadColumn(table, 'tokens').notNullable().comment('WAD-18 outcome tokens bought or sold');
      wadColumn(table, 'price').notNullable().comment('WAD-18 average price per token');
      wadColumn(table, 'probability_after').notNullable().comment('WAD-18 outcome probability after the trade');
      createdAtColumn(knex, table);
      // One row per chain log: re-indexing a block never duplicates a trade.
      table.unique(['tx_hash', 'log_index'], { indexName: 'market_trades_log_unique' });
      // Recent trades / predictions per market, newest first (keyset on block_time, id).
      table.index(['market_id', 'block_time', 'id'], 'market_trades_market_time_idx');
      table.index(['market_id', 'outcome_index', 'side', 'block_time'], 'market_trades_market_outcome_idx');
      // Unique traders per market / thread, and an account's markets.
      table.index(['market_id', 'trader'], 'market_trades_market_trader_idx');
      table.index(['trader', 'market_id'], 'market_trades_trader_idx');
    });

    await knex.schema.createTable('price_points', (table) => {
      tableDefaults(table);
      table.bigIncrements('id').primary();
      uuidColumn(table, 'market_id').notNullable().references('id').inTable('markets');
      uuidColumn(table, 'market_trade_id').nullable().references('id').inTable('market_trades');
      datetimeColumn(table, 'recorded_at').notNullable();
      table.bigInteger('block_number').unsigned().nullable();
      // Per outcome WAD-18 strings: marginal prices and probabilities (capital shares), each summing to 1e18.
      table.json('prices').notNullable();
      table.json('probabilities').notNullable();
      usdcAtomicColumn(table, 'cumulative_volume').notNullable();
      table.unique(['market_trade_id'], { indexName: 'price_points_market_trade_unique' });
      table.index(['market_id', 'recorded_at'], 'price_points_market_time_idx');
    });

    await knex.schema.createTable('chain_cursors', (table) => {
      tableDefaults(table);
      table.string('name', 64).primary().comment('indexer name, e.g. markets');
      table.integer('chain_id').unsigned().notNullable();
      table.bigInteger('block_number').unsigned().notNullable().comment('last fully indexed block');
      fixedAsciiColumn(table, 'block_hash', 66).nullable().comment('to detect reorgs');
      datetimeColumn(table, 'updated_at')
        .notNullable()
        .defaultTo(knex.raw('CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)'));
    });
  },
  async down(knex: Knex) {
    await dropTables(knex, ['chain_cursors', 'price_points', 'market_trades']);
  },
};
