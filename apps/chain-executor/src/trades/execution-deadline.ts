/*
 * A trade's execution deadline (decision 0031): EXECUTION_DEADLINE_S after it became `pending` (placed, or confirmed
 * for a high-value trade). Every send of the trade carries it to the OperatorRegistry, which refuses the call in any
 * block later than it, so once the chain's clock has passed it and the trade id is unused, the trade can never
 * execute and fails EXECUTION_TIMEOUT. It is stored on the trade by its first move to `executing` and never moved, so
 * a resend or a reconciliation (perhaps by a replica configured otherwise) uses the deadline the chain already has.
 */
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';

export function executionDeadlineOf(
  trade: Pick<TradeRecord, 'executionDeadline' | 'confirmationUsedAt' | 'createdAt'>,
  deadlineSeconds: number,
): Date {
  if (trade.executionDeadline) return trade.executionDeadline;
  const pendingSince = trade.confirmationUsedAt ?? trade.createdAt;
  return new Date(Math.floor(pendingSince.getTime() / 1000) * 1000 + deadlineSeconds * 1000);
}

/** The deadline as the contract takes it: Unix seconds. */
export const deadlineSeconds = (deadline: Date): bigint => BigInt(Math.floor(deadline.getTime() / 1000));

/** The failure of a trade whose deadline passed before anything executed. */
export function executionTimeout(deadline: Date): AppError {
  return new AppError('EXECUTION_TIMEOUT', {
    detail: 'The trade was not mined before its execution deadline; it can never execute',
    extensions: { deadline: deadline.toISOString() },
  });
}
