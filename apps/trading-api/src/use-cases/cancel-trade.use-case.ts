/*
 * POST /v1/trades/{id}/cancel (issue 31): a trade still `pending_confirmation` or `pending` becomes `rejected` with
 * errorCode TRADE_CANCELLED, with its `trade.rejected` event and trace step, in one transaction. The race with the
 * executor is decided by the trade row: the cancel moves the trade with a conditional UPDATE under the row lock,
 * and the executor sends only after its own conditional move out of `pending` (trade-moves.ts). Exactly one of them
 * wins: a cancelled trade is never sent, and a trade the executor took answers 409 TRADE_NOT_CANCELLABLE with its
 * status. Cancelling a cancelled trade again answers it unchanged.
 */
import type { Knex } from 'knex';
import { lockTradeOfUser } from '#shared/db/trades/trades.repository.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import { moveTrade, traceSteps } from '#shared/trade-lifecycle/trade-steps.js';

const TRADE_CANCELLED_MESSAGE = 'The trade was cancelled by its client before it was sent.';

const cancellable = ['pending_confirmation', 'pending'] as const;

const isCancelled = (trade: TradeRecord) => trade.status === 'rejected' && trade.errorCode === 'TRADE_CANCELLED';

export async function cancelTrade(
  deps: { db: Knex; outbox: OutboxTransaction },
  command: { tradeId: string; userId: string; now: Date },
): Promise<TradeRecord> {
  return deps.outbox(async (trx, enqueue) => {
    const trade = await lockTradeOfUser(trx, command.tradeId, command.userId);
    if (!trade) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No trade ${command.tradeId}.` });
    if (isCancelled(trade)) return trade;
    const cancelled = await moveTrade(trx, enqueue, trade.id, {
      from: cancellable,
      to: 'rejected',
      update: { errorCode: 'TRADE_CANCELLED', errorMessage: TRADE_CANCELLED_MESSAGE },
      trace: [{ type: traceSteps.rejected, data: { by: 'client', errorCode: 'TRADE_CANCELLED' } }],
      event: 'trade.rejected',
      now: command.now,
    });
    if (cancelled) return cancelled;
    throw new AppError('TRADE_NOT_CANCELLABLE', {
      detail: `Trade ${trade.id} is ${trade.status}: only a pending_confirmation or pending trade can be cancelled.`,
      extensions: { tradeId: trade.id, status: trade.status },
    });
  });
}
