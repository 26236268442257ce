/*
 * High-value trades whose confirmation window ended unconfirmed fail with CONFIRMATION_EXPIRED (DESIGN.md §6):
 * `pending_confirmation → failed`, trace `trade.confirmation_expired`, event `trade.failed`. The move is
 * conditional, so a confirm that won the race (the trade is `pending`) is left alone.
 */
import { listExpiredConfirmations } from '#shared/db/trades/trade-lists.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { moveTrade, traceSteps } from '#shared/trade-lifecycle/trade-steps.js';
import type { TradeExecutorDeps } from '../trades/trade-executor-deps.js';

export type ExpireConfirmationDeps = Pick<TradeExecutorDeps, 'db' | 'outbox' | 'now' | 'logger'>;

const EXPIRED = {
  code: 'CONFIRMATION_EXPIRED',
  message: 'The confirmation window passed before the trade was confirmed',
} as const;

/** Fails one expired trade; false when it was no longer awaiting confirmation. */
export async function expireConfirmation(deps: ExpireConfirmationDeps, trade: TradeRecord): Promise<boolean> {
  const failure = { errorCode: EXPIRED.code, errorMessage: EXPIRED.message };
  const expiredAt = trade.confirmationExpiresAt?.toISOString() ?? null;
  const moved = await deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: 'pending_confirmation',
      to: 'failed',
      update: failure,
      trace: [
        { type: traceSteps.confirmationExpired, data: { confirmationExpiresAt: expiredAt } },
        { type: traceSteps.failed, data: failure },
      ],
      event: 'trade.failed',
      now: deps.now(),
    }),
  );
  if (moved) deps.logger.info({ event: 'trade.confirmation_expired', tradeId: trade.id }, 'confirmation expired');
  return moved !== null;
}

/** One round: every trade whose window ended at or before `now()`, up to `batchSize`; resolves with how many failed. */
export async function expireConfirmations(deps: ExpireConfirmationDeps, batchSize: number): Promise<number> {
  const due = await listExpiredConfirmations(deps.db, deps.now(), batchSize);
  let expired = 0;
  for (const trade of due) if (await expireConfirmation(deps, trade)) expired += 1;
  return expired;
}
