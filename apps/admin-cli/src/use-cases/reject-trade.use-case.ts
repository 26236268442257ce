/*
 * `trades reject <id> --reason <text>` (DESIGN.md §6 and §8): an operator refuses a `pending` trade before the
 * executor starts validating it. The trade becomes `rejected` with errorCode TRADE_REJECTED_BY_OPERATOR and the
 * sanitised reason as its errorMessage; the trace gets `trade.rejected` `{by: 'operator'}`, the key's webhook store
 * the `trade.rejected` event (and the outbox its announcement when the key has a webhook URL), and the audit log its
 * entry: all in one transaction, through moveTrade like every other trade step. Without a broker the outbox rows
 * wait for the executor's relay.
 */
import type { Knex } from 'knex';
import { findTradeById } from '#shared/db/trades/trades.repository.js';
import { recordAdminAction, redactSecretShapes } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { moveTrade, traceSteps } from '#shared/trade-lifecycle/trade-steps.js';

/** The trade's errorCode (a catalogue code no request fails with: it describes why the trade was refused). */
export const OPERATOR_REJECTION_CODE = 'TRADE_REJECTED_BY_OPERATOR';
/** trades.error_message is VARCHAR(500). */
export const MAX_REASON_LENGTH = 500;

export interface RejectTradeCommand {
  tradeId: string;
  reason: string;
  actor: string;
}

/**
 * The reason as clients will read it (errorMessage in GET /v1/trades/{id} and the webhook): control, format and
 * bidirectional-override characters become spaces, whitespace runs collapse, anything shaped like a plaintext key
 * or webhook secret is masked. Empty or longer than MAX_REASON_LENGTH afterwards: VALIDATION_FAILED.
 */
export function sanitiseReason(raw: string): string {
  const text = redactSecretShapes(
    raw
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  if (text.length === 0) throw new AppError('VALIDATION_FAILED', { detail: '--reason must not be empty' });
  if (text.length > MAX_REASON_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `--reason must be at most ${MAX_REASON_LENGTH} characters (got ${text.length})`,
    });
  }
  return text;
}

/** A trade that is not `pending` cannot be rejected: 409 TRADE_STATE_CONFLICT (exit 4), the detail names the state. */
const notPending = (trade: TradeRecord): AppError =>
  new AppError('TRADE_STATE_CONFLICT', {
    detail: `Trade ${trade.id} is ${trade.status}: only a pending trade can be rejected`,
    extensions: { status: trade.status },
  });

export async function rejectTrade(
  deps: { db: Knex; now: () => Date },
  command: RejectTradeCommand,
): Promise<TradeRecord> {
  const reason = sanitiseReason(command.reason);
  const tradeId = command.tradeId.trim();
  const now = deps.now();
  return createOutboxTransaction(
    deps.db,
    undefined,
  )(async (trx, enqueue) => {
    const rejected = await moveTrade(trx, enqueue, tradeId, {
      from: 'pending',
      to: 'rejected',
      update: { errorCode: OPERATOR_REJECTION_CODE, errorMessage: reason },
      trace: [{ type: traceSteps.rejected, data: { by: 'operator' } }],
      event: 'trade.rejected',
      now,
    });
    if (!rejected) {
      const trade = await findTradeById(trx, tradeId);
      if (!trade) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No trade has the id "${tradeId}"` });
      throw notPending(trade);
    }
    await recordAdminAction(trx, {
      actor: command.actor,
      action: 'trades.reject',
      targetType: 'trade',
      targetId: rejected.id,
      details: { from: 'pending', to: 'rejected', errorCode: OPERATOR_REJECTION_CODE, reason },
    });
    return rejected;
  });
}
