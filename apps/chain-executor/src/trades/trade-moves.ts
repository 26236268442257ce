/*
 * The executor's trade state changes, each one conditional `moveTrade` (trace steps + webhook event + outbox in one
 * transaction): a null result means another worker moved the trade first and nothing was written.
 */
import type { Hex } from 'viem';
import type { AccountTradeExecution } from '../chain/account-trades.js';
import { findTradeById, recordTradeTxHash } from '#shared/db/trades/trades.repository.js';
import type { TradeStatus } from '#shared/domain/trade-states.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import type { ErrorCode } from '#shared/errors/error-catalogue.js';
import { moveTrade, recordTradeStep, timelineStepsOf, traceSteps } from '#shared/trade-lifecycle/trade-steps.js';
import { executionDeadlineOf } from './execution-deadline.js';
import type { TradeExecutorDeps } from './trade-executor-deps.js';

/** A trade's failure: a catalogue code and a client-safe message. */
export interface TradeFailure {
  code: ErrorCode;
  message: string;
}

type Deps = Pick<TradeExecutorDeps, 'outbox' | 'now'>;
type ExecutingDeps = Deps & Pick<TradeExecutorDeps, 'executionDeadlineS'>;

/** The deadline a trade's first move to `executing` stores (execution-deadline.ts); none when it has one. */
const deadlineUpdate = (deps: ExecutingDeps, trade: TradeRecord) =>
  trade.executionDeadline ? {} : { executionDeadline: executionDeadlineOf(trade, deps.executionDeadlineS) };

/** `validating → executing`, storing the deadline; null when another worker moved the trade first. */
export function startExecuting(deps: ExecutingDeps, trade: TradeRecord): Promise<TradeRecord | null> {
  return deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: 'validating',
      to: 'executing',
      update: deadlineUpdate(deps, trade),
      trace: [{ type: traceSteps.executing }],
      now: deps.now(),
    }),
  );
}

/**
 * A validated trade: `pending → validating → executing` in one conditional move (the validation reads ran before
 * it). No reader could ever see `validating` between the two steps (they always shared a transaction), so one
 * UPDATE makes both and the trace records both. Null when another worker took the trade first.
 */
export function startExecutingFromPending(deps: ExecutingDeps, trade: TradeRecord): Promise<TradeRecord | null> {
  return deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: 'pending',
      to: 'executing',
      update: deadlineUpdate(deps, trade),
      trace: [{ type: traceSteps.validating, data: { status: 'validating' } }, { type: traceSteps.executing }],
      now: deps.now(),
      before: trade,
    }),
  );
}

/** A trade that failed validation: `pending → validating → failed` in one transaction, with `trade.failed`. */
export function failValidation(deps: Deps, trade: TradeRecord, failure: TradeFailure): Promise<TradeRecord | null> {
  return deps.outbox(async (trx, enqueue) => {
    const now = deps.now();
    const validating = { from: 'pending', to: 'validating', trace: [{ type: traceSteps.validating }], now } as const;
    if (!(await moveTrade(trx, enqueue, trade.id, validating))) return null;
    return moveTrade(trx, enqueue, trade.id, failedMove('validating', failure, now));
  });
}

function failedMove(
  from: TradeStatus | readonly TradeStatus[],
  failure: TradeFailure & { txHash?: string },
  now: Date,
) {
  const txHash = failure.txHash === undefined ? {} : { txHash: failure.txHash };
  return {
    from,
    to: 'failed' as const,
    update: { errorCode: failure.code, errorMessage: failure.message, ...txHash },
    trace: [{ type: traceSteps.failed, data: { errorCode: failure.code, errorMessage: failure.message, ...txHash } }],
    event: 'trade.failed' as const,
    now,
  };
}

export function rejectTrade(deps: Deps, trade: TradeRecord, failure: TradeFailure): Promise<TradeRecord | null> {
  return deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: 'pending',
      to: 'rejected',
      update: { errorCode: failure.code, errorMessage: failure.message },
      trace: [{ type: traceSteps.rejected, data: { errorCode: failure.code, errorMessage: failure.message } }],
      event: 'trade.rejected',
      now: deps.now(),
    }),
  );
}

export function failTrade(
  deps: Deps,
  trade: TradeRecord,
  from: TradeStatus | readonly TradeStatus[],
  failure: TradeFailure & { txHash?: string },
): Promise<TradeRecord | null> {
  return deps.outbox((trx, enqueue) => moveTrade(trx, enqueue, trade.id, failedMove(from, failure, deps.now())));
}

/** Hands a trade that sent nothing back to `pending` (the job is retried); `enqueueJob` publishes a fresh job. */
export function scheduleRetry(
  deps: Deps,
  trade: TradeRecord,
  failure: TradeFailure,
  enqueueJob: boolean,
): Promise<TradeRecord | null> {
  return deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: ['validating', 'executing'],
      to: 'pending',
      trace: [{ type: traceSteps.retryScheduled, data: { errorCode: failure.code, errorMessage: failure.message } }],
      enqueueJob,
      now: deps.now(),
    }),
  );
}

/** Records the hash of a sent transaction on the executing trade, with the `trade.tx_sent` step; true when written. */
export function recordTxSent(deps: Deps, tradeId: string, txHash: Hex): Promise<boolean> {
  return deps.outbox(async (trx, enqueue) => {
    const step = { trace: [{ type: traceSteps.txSent, data: { txHash } }], now: deps.now() };
    const traceSeq = await recordTradeTxHash(trx, tradeId, txHash, timelineStepsOf(step));
    const trade = traceSeq === null ? null : await findTradeById(trx, tradeId);
    if (traceSeq === null || !trade) return false;
    await recordTradeStep(trx, enqueue, trade, step, traceSeq);
    return true;
  });
}

/** Buy: the tokens received; sell: the tokens given for the net USDC (DESIGN §6). */
export function tokensOf(trade: Pick<TradeRecord, 'side'>, execution: AccountTradeExecution): bigint {
  return trade.side === 'buy' ? execution.amountOut : execution.amountIn;
}

/**
 * `executing` (or `validating`, when the reconciler found the execution) → `completed`, mined block in the trace
 * (and the send, unless `trade.tx_sent` was recorded while the receipt was awaited).
 */
export function completeTrade(
  deps: Deps,
  trade: TradeRecord,
  execution: AccountTradeExecution,
  options: { txSentRecorded: boolean },
): Promise<TradeRecord | null> {
  const tokensOut = tokensOf(trade, execution);
  const mined = {
    status: 'executing',
    txHash: execution.txHash,
    blockNumber: execution.blockNumber.toString(),
    replayed: execution.replayed,
  };
  return deps.outbox((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      before: trade,
      from: ['validating', 'executing'],
      to: 'completed',
      update: { txHash: execution.txHash, tokensOut },
      trace: [
        // A receipt that came back at once: the send is traced here, with the mined block, in one write.
        ...(options.txSentRecorded ? [] : [{ type: traceSteps.txSent, data: { txHash: execution.txHash } }]),
        { type: traceSteps.txMined, data: mined },
        { type: traceSteps.completed, data: { txHash: execution.txHash, tokensOut: tokensOut.toString() } },
      ],
      event: 'trade.completed',
      now: deps.now(),
    }),
  );
}
