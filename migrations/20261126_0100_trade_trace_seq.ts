import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * The last sequence number of a trade's timeline, kept on the trade row (decision 0016): the statement that moves
 * the trade (and locks its row) also reserves the numbers of the steps it records, so appending them needs no
 * `SELECT MAX(seq)` of trade_events. Existing trades take the number of their last step.
 */
export const tradeTraceSeqMigration: Migration = {
  name: '20261126_0100_trade_trace_seq',
  async up(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table
        .integer('trace_seq')
        .unsigned()
        .notNullable()
        .defaultTo(0)
        .comment('sequence number of the last trade_events row of this trade')
        .after('status');
    });
    await knex.raw(
      'UPDATE trades SET trace_seq = ' +
        '(SELECT COALESCE(MAX(e.seq), 0) FROM trade_events e WHERE e.correlation_id = trades.correlation_id)',
    );
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('trades', (table) => {
      table.dropColumn('trace_seq');
    });
  },
};
