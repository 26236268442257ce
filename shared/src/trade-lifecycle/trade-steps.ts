/**
 * Records what happens to a trade, inside the transaction that changes it (outbox pattern): the trace steps of
 * GET /v1/traces/{correlationId}, the lifecycle event in the webhook event store (for every key), and the messages
 * that announce them (the trade job for the executor, the event for the dispatcher, a live notice for streams).
 * Used by the trading API, the chain executor and the admin CLI alike, so a trade's history is written one way.
 */
import type { Knex } from 'knex';
import { appendTradeEvents } from '../db/trade-events/trade-events.repository.js';
import { findTradeById, transitionTradeStatus } from '../db/trades/trades.repository.js';
import { type TradeStatus, isTerminalStatus } from '../domain/trade-states.js';
import { movedTrade, type TradeRecord, type TradeUpdate } from '../db/trades/trade-rows.js';
import { recordWebhookEvent } from '../db/webhook-events/webhook-events.repository.js';
import { EXCHANGES } from '../messaging/topology.js';
import { type EnqueueOutboxMessage } from '../messaging/outbox.js';
import { buildTradeEventEnvelope, type TradeEventType } from './trade-event-envelope.js';

/** Trace step names (the `type` of each trace event). */
export const traceSteps = {
  created: 'trade.created',
  confirmationRequired: 'trade.confirmation_required',
  confirmed: 'trade.confirmed',
  confirmationExpired: 'trade.confirmation_expired',
  queued: 'trade.queued',
  validating: 'trade.validating',
  executing: 'trade.executing',
  txSent: 'trade.tx_sent',
  txMined: 'trade.tx_mined',
  completed: 'trade.completed',
  failed: 'trade.failed',
  rejected: 'trade.rejected',
  retryScheduled: 'trade.retry_scheduled',
  eventRecorded: 'webhook.event_recorded',
} as const;

export interface TraceStep {
  type: string;
  data?: Record<string, unknown>;
}

export interface TradeStepRecord {
  trace?: readonly TraceStep[];
  /** The lifecycle event to record (and announce to the dispatcher when the key has a webhook URL). */
  event?: TradeEventType;
  /** Publish the trade job (the executor picks the trade up). */
  enqueueJob?: boolean;
  now: Date;
}

/** How many timeline steps recording `step` appends: its trace steps, and the event's `webhook.event_recorded`. */
export const timelineStepsOf = (step: Pick<TradeStepRecord, 'trace' | 'event'>): number =>
  (step.trace?.length ?? 0) + (step.event ? 1 : 0);

/**
 * Writes trace steps, the event and the messages of a trade already in its new state. The caller has written the
 * trade row in `trx` (so holds its lock) and reserved the timeline's numbers with it (timelineStepsOf(step) of them,
 * ending at `lastTraceSeq`).
 */
export async function recordTradeStep(
  trx: Knex.Transaction,
  enqueue: EnqueueOutboxMessage,
  trade: TradeRecord,
  step: TradeStepRecord,
  lastTraceSeq: number,
): Promise<void> {
  const timeline: Array<{ type: string; data: Record<string, unknown>; occurredAt: Date }> = (step.trace ?? []).map(
    (entry) => ({
      type: entry.type,
      data: { status: trade.status, ...entry.data },
      occurredAt: step.now,
    }),
  );
  let seq: number | undefined;
  if (step.event) {
    const envelope = buildTradeEventEnvelope(step.event, trade, step.now);
    const recorded = await recordWebhookEvent(trx, trade.apiKeyId, {
      id: envelope.id,
      type: envelope.type,
      apiVersion: envelope.apiVersion,
      tradeId: trade.id,
      payload: { ...envelope },
      createdAt: step.now,
    });
    timeline.push({
      type: traceSteps.eventRecorded,
      data: { eventId: recorded.id, eventType: envelope.type, delivery: recorded.status },
      occurredAt: step.now,
    });
    seq = recorded.seq;
    if (recorded.status === 'pending') {
      await enqueue({
        exchange: EXCHANGES.events,
        routingKey: envelope.type,
        payload: { eventId: recorded.id, apiKeyId: trade.apiKeyId },
      });
    }
  }
  await appendTradeEvents(trx, trade, timeline, lastTraceSeq);
  if (step.enqueueJob) {
    await enqueue({ exchange: EXCHANGES.trades, routingKey: trade.side, payload: { tradeId: trade.id } });
  }
  // Wakes the key's open streams and the trade's waiting reads on every replica (decision 0022).
  await enqueue({
    exchange: EXCHANGES.streams,
    routingKey: `trade.${trade.apiKeyId}`,
    payload: { apiKeyId: trade.apiKeyId, tradeId: trade.id, ...(seq === undefined ? {} : { seq }) },
  });
}

export interface TradeTransition extends TradeStepRecord {
  from: TradeStatus | readonly TradeStatus[];
  to: TradeStatus;
  update?: TradeUpdate;
  /**
   * The trade as the caller read it, when that read is the row the move will find (nothing but moves writes the
   * columns it carries): the moved trade is then built from it instead of read back.
   */
  before?: TradeRecord;
}

/**
 * Moves the trade with a conditional UPDATE and records the step. Resolves with the trade in its new state, or
 * null when the trade was no longer in `from` (someone else moved it first: nothing is written).
 */
export async function moveTrade(
  trx: Knex.Transaction,
  enqueue: EnqueueOutboxMessage,
  tradeId: string,
  transition: TradeTransition,
): Promise<TradeRecord | null> {
  const terminal = isTerminalStatus(transition.to);
  const update: TradeUpdate = { ...transition.update, ...(terminal ? { finishedAt: transition.now } : {}) };
  const steps = timelineStepsOf(transition);
  const traceSeq = await transitionTradeStatus(trx, tradeId, transition.from, transition.to, update, steps);
  if (traceSeq === null) return null;
  const trade = transition.before
    ? movedTrade(transition.before, transition.to, update, transition.now)
    : await findTradeById(trx, tradeId);
  if (!trade) return null;
  await recordTradeStep(trx, enqueue, trade, transition, traceSeq);
  return trade;
}
