/*
 * The timeline of a trade (trade_events): every step from creation to its terminal state, numbered from 1 per
 * correlation id without gaps (the last number is kept on the trade row, trades.trace_seq, and reserved by the
 * statement that writes the row). GET /v1/traces/{correlationId} reads it.
 */
import type { Knex } from 'knex';
import { toDate, toInt } from '../column-values.js';
import { insertAtEnd } from '../deferred-inserts.js';
import { isTransaction, parseJsonColumn, withTransaction, type Queryable, type Row } from '../transaction.js';
import { reserveTraceSeqs } from '../trades/trades.repository.js';
import type { TradeRecord } from '../trades/trade-rows.js';

export interface TradeEventRecord {
  sequenceNumber: number;
  type: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

export interface TradeEventInput {
  type: string;
  data: Record<string, unknown>;
  occurredAt?: Date;
}

/**
 * Appends the next event of a trade's timeline, reserving its number on the trade row (which queues concurrent
 * appends); given a transaction it joins it, given the pool it opens its own.
 */
export async function appendTradeEvent(
  db: Queryable,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  event: TradeEventInput,
): Promise<number> {
  const append = async (trx: Knex.Transaction): Promise<number> => {
    const lastSeq = await reserveTraceSeqs(trx, trade.id, 1);
    if (lastSeq === null) throw new Error(`trade ${trade.id} not found while appending to its timeline`);
    return appendTradeEvents(trx, trade, [event], lastSeq);
  };
  return isTransaction(db) ? append(db) : withTransaction(db, append);
}

/**
 * Inserts steps of a trade's timeline in order, in one statement, inside the transaction that reserved their
 * numbers on the trade row (a move, an insert or reserveTraceSeqs): they end at `lastSeq`. Returns `lastSeq`. In an
 * outbox transaction the rows go in with the other works' steps when it ends (insertAtEnd).
 */
export async function appendTradeEvents(
  trx: Knex.Transaction,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  events: readonly TradeEventInput[],
  lastSeq: number,
): Promise<number> {
  if (events.length === 0) return lastSeq;
  const first = lastSeq - events.length + 1;
  await insertAtEnd(
    trx,
    'trade_events',
    events.map((event, index) => ({
      correlation_id: trade.correlationId,
      trade_id: trade.id,
      seq: first + index,
      type: event.type,
      data: JSON.stringify(event.data),
      ...(event.occurredAt ? { occurred_at: event.occurredAt } : {}),
    })),
  );
  return lastSeq;
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
