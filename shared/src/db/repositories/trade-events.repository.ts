/*
 * The timeline of a trade (trade_events): every step from creation to its terminal state, numbered from 1 per
 * correlation id without gaps. GET /v1/traces/{correlationId} reads it.
 */
import type { Knex } from 'knex';
import { toDate, toInt, toIntOrNull } from '../column-values.js';
import { isTransaction, parseJsonColumn, withTransaction, type Queryable } from '../transaction.js';
import type { TradeRecord } from './trades.rows.js';

export interface TradeEventRecord {
  sequenceNumber: number;
  type: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

type Row = Record<string, unknown>;

/**
 * Appends the next event of a trade's timeline. The trade row is locked while the next number is taken, so
 * concurrent appends queue instead of colliding; given a transaction it joins it, given the pool it opens its own.
 */
export async function appendTradeEvent(
  db: Queryable,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  event: { type: string; data: Record<string, unknown>; occurredAt?: Date },
): Promise<number> {
  const append = (trx: Knex.Transaction): Promise<number> => appendTradeEvents(trx, trade, [event]);
  return isTransaction(db) ? append(db) : withTransaction(db, append);
}

/**
 * Appends several events of a trade's timeline at once, in order (one lock, one sequence read, one insert), inside
 * the caller's transaction. Returns the sequence number of the last one. `rowLock` says what the caller holds:
 * `take` (default) locks the trade row first; `held` means the transaction already wrote the row (its lock is held);
 * `new` means it inserted the trade, so the timeline is empty and nobody else sees it: numbering starts at 1.
 */
export async function appendTradeEvents(
  trx: Knex.Transaction,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  events: ReadonlyArray<{ type: string; data: Record<string, unknown>; occurredAt?: Date }>,
  options: { rowLock?: 'take' | 'held' | 'new' } = {},
): Promise<number> {
  const rowLock = options.rowLock ?? 'take';
  const first = rowLock === 'new' ? 1 : await nextSequenceNumber(trx, trade, rowLock === 'take');
  if (events.length === 0) return first - 1;
  await trx('trade_events').insert(
    events.map((event, index) => ({
      correlation_id: trade.correlationId,
      trade_id: trade.id,
      seq: first + index,
      type: event.type,
      data: JSON.stringify(event.data),
      ...(event.occurredAt ? { occurred_at: event.occurredAt } : {}),
    })),
  );
  return first + events.length - 1;
}

async function nextSequenceNumber(
  trx: Knex.Transaction,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  lockRow: boolean,
): Promise<number> {
  if (lockRow) await trx('trades').where({ id: trade.id }).forUpdate().first('id');
  const last: { seq?: unknown } | undefined = await trx('trade_events')
    .where({ correlation_id: trade.correlationId })
    .max({ seq: 'seq' })
    .first();
  return (toIntOrNull(last?.seq) ?? 0) + 1;
}

/** The timeline of a correlation id in sequence order. */
export async function listTradeEvents(db: Queryable, correlationId: string): Promise<TradeEventRecord[]> {
  const rows: Row[] = await db('trade_events').where({ correlation_id: correlationId }).orderBy('seq', 'asc');
  return rows.map((row) => ({
    sequenceNumber: toInt(row.seq),
    type: String(row.type),
    data: parseJsonColumn<Record<string, unknown>>(row.data),
    occurredAt: toDate(row.occurred_at),
  }));
}
