import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * The client's price limit (issue 31, decision 0041): `trades.limit_price`, the most a buy pays or the least a sell
 * receives per outcome token on average, in USDC with 6 decimals (strictly between 0 and 1); null when the trade
 * has none and only the server's slippage guard applies.
 */
export const tradeLimitPriceMigration: Migration = {
  name: '20261128_0100_trade_limit_price',
  async up(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.decimal('limit_price', 7, 6).nullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.dropColumn('limit_price');
    });
  },
};
