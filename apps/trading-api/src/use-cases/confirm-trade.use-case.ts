/*
 * POST /v1/trades/{id}/confirm (spec/trading-api.md "Trades", DESIGN.md §6): the one-time token moves a high-value
 * trade from `pending_confirmation` to `pending` and queues it for the executor. The trade row is locked, so of two
 * concurrent confirms exactly one succeeds and the other sees CONFIRMATION_TOKEN_USED. A confirm that arrives after
 * the window fails the trade at once (CONFIRMATION_EXPIRED, `trade.failed`) instead of waiting for the sweep.
 */
import type { Knex } from 'knex';
import { lockTradeOfUser } from '#shared/db/trades/trades.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import { moveTrade, traceSteps } from '#shared/trade-lifecycle/trade-steps.js';
import { confirmationTokenMatches, type ConfirmationKeys } from '../domain/confirmation-token.js';

export interface ConfirmTradeCommand {
  tradeId: string;
  userId: string;
  token: string;
  now: Date;
}

export const CONFIRMATION_EXPIRED_MESSAGE = 'The confirmation window ended before the trade was confirmed.';

const conflict = (
  code:
    | 'TRADE_NOT_AWAITING_CONFIRMATION'
    | 'CONFIRMATION_TOKEN_INVALID'
    | 'CONFIRMATION_TOKEN_USED'
    | 'CONFIRMATION_EXPIRED',
  trade: TradeRecord,
  detail: string,
) => new AppError(code, { detail, extensions: { tradeId: trade.id, status: trade.status } });

/** Why a trade that is no longer awaiting confirmation refuses this token. */
function refusalOfSettled(trade: TradeRecord, tokenMatches: boolean): AppError {
  if (trade.confirmationUsedAt && tokenMatches) {
    return conflict('CONFIRMATION_TOKEN_USED', trade, 'This confirmation token was already used.');
  }
  if (trade.errorCode === 'CONFIRMATION_EXPIRED')
    return conflict('CONFIRMATION_EXPIRED', trade, CONFIRMATION_EXPIRED_MESSAGE);
  return conflict(
    'TRADE_NOT_AWAITING_CONFIRMATION',
    trade,
    `Trade ${trade.id} is ${trade.status}, not awaiting confirmation.`,
  );
}

export async function confirmTrade(
  deps: { db: Knex; outbox: OutboxTransaction; confirmationKeys: ConfirmationKeys },
  command: ConfirmTradeCommand,
): Promise<TradeRecord> {
  const outcome = await deps.outbox(async (trx, enqueue): Promise<TradeRecord | AppError> => {
    const trade = await lockTradeOfUser(trx, command.tradeId, command.userId);
    if (!trade) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No trade ${command.tradeId}.` });
    const tokenMatches =
      trade.confirmationTokenHash !== null &&
      confirmationTokenMatches(deps.confirmationKeys, command.token, trade.confirmationTokenHash);
    if (trade.status !== 'pending_confirmation') throw refusalOfSettled(trade, tokenMatches);
    if (trade.confirmationExpiresAt && trade.confirmationExpiresAt.getTime() <= command.now.getTime()) {
      await moveTrade(trx, enqueue, trade.id, {
        from: 'pending_confirmation',
        to: 'failed',
        update: { errorCode: 'CONFIRMATION_EXPIRED', errorMessage: CONFIRMATION_EXPIRED_MESSAGE },
        trace: [
          { type: traceSteps.confirmationExpired },
          { type: traceSteps.failed, data: { errorCode: 'CONFIRMATION_EXPIRED' } },
        ],
        event: 'trade.failed',
        now: command.now,
      });
      // Committed, then refused: the client learns the window passed and the trade is already failed.
      return conflict('CONFIRMATION_EXPIRED', trade, CONFIRMATION_EXPIRED_MESSAGE);
    }
    if (!tokenMatches)
      throw conflict('CONFIRMATION_TOKEN_INVALID', trade, 'The confirmation token does not match this trade.');
    const confirmed = await moveTrade(trx, enqueue, trade.id, {
      from: 'pending_confirmation',
      to: 'pending',
      update: { confirmationUsedAt: command.now },
      trace: [{ type: traceSteps.confirmed }, { type: traceSteps.queued }],
      enqueueJob: true,
      now: command.now,
    });
    if (!confirmed) throw new AppError('INTERNAL_ERROR', { detail: 'the locked trade changed status' });
    return confirmed;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
