/*
 * Crash recovery: a trade left in `validating` or `executing` (its worker died, a receipt timed out) is settled
 * against the chain. The trade id's `TradeExecuted` event on the user's smart account is the truth: found → the
 * trade completes with that execution; its last transaction mined with the trade's call refused in it → the trade
 * fails with that refusal's code, as its worker would have; otherwise it is driven again (a resend is safe: the
 * contract accepts a trade id once, and a repeat resolves to the earlier execution), unless its last transaction
 * still waits in the node's pool, or the chain has passed its execution deadline with its id unused (it fails
 * EXECUTION_TIMEOUT: nothing can execute it any more, not even that pooled transaction). A resend of an `executing` trade that is refused or fails
 * before it sends leaves the trade `executing` (DriveOptions.maybeSentBefore): the next round tries again, until the
 * chain shows its execution or its deadline. A `pending` trade left behind (its job parked or lost) is executed as a job would.
 */
import type { Address, Hex } from 'viem';
import { deadlinePassedUnexecuted } from '../chain/operator-calls.js';
import { findTradeExecution } from '../chain/account-trades.js';
import { tradeRefusalIn } from '../chain/trade-attempts.js';
import { asPriceLimitRefusal } from '../trades/price-limit.js';
import { listStalledTrades } from '#shared/db/trades/trade-lists.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError, toAppError } from '#shared/errors/app-error.js';
import { awaitingChain, driveFromValidating, failureOf, isDefiniteRefusal, sendTrade } from '../trades/drive-trade.js';
import { deadlineSeconds, executionDeadlineOf, executionTimeout } from '../trades/execution-deadline.js';
import type { TradeExecutorDeps, TradeOutcome } from '../trades/trade-executor-deps.js';
import { completeTrade, failTrade } from '../trades/trade-moves.js';
import { honouredSimulation } from '../trades/simulation-gate.js';
import { resolveTradeAccount, resolveTradeTarget } from '../trades/trade-target.js';
import { readSentTransaction } from '../trades/transaction-state.js';
import { executeTrade } from './execute-trade.use-case.js';
import { whileHeld } from '../trades/held-trades.js';

/** The reconciler publishes a fresh job when it hands a trade back to `pending`: no consumer holds one. */
const RECONCILER = { enqueueRetry: true } as const;
/** A trade found `executing` may have an unrecorded transaction in flight: see DriveOptions.maybeSentBefore. */
const RESENDING = { ...RECONCILER, maybeSentBefore: true } as const;

export function reconcileTrade(deps: TradeExecutorDeps, tradeId: string): Promise<TradeOutcome> {
  // A resend waits for its receipt like a job's run: held meanwhile, so the next round leaves it alone.
  return whileHeld(deps.held, tradeId, () => reconcileHeldTrade(deps, tradeId));
}

async function reconcileHeldTrade(deps: TradeExecutorDeps, tradeId: string): Promise<TradeOutcome> {
  const trade = await deps.reads.trade(tradeId);
  if (!trade) return 'not_found';
  if (trade.status === 'pending') return executeTrade(deps, { tradeId }, RECONCILER);
  if (trade.status !== 'validating' && trade.status !== 'executing') return 'not_pending';

  const account = await resolveTradeAccount(deps.reads, trade);
  if (account instanceof AppError) return failTrade(deps, trade, trade.status, failureOf(account)).then(failedOr);
  const execution = await findTradeExecution(deps.writer, { account, tradeId: trade.id });
  if (execution) {
    const completed = await completeTrade(deps, trade, execution, { txSentRecorded: trade.txHash !== null });
    deps.logger.info({ event: 'trade.reconciled', tradeId, outcome: 'completed', txHash: execution.txHash });
    return completed ? 'completed' : 'lost_race';
  }
  const settled = trade.txHash ? await settleFromLastSend(deps, trade, account, trade.txHash) : undefined;
  if (settled && settled !== 'awaiting_chain') return settled;
  // Past its deadline on the chain and never executed: it never can (decision 0031), not even by a transaction still
  // in the pool (every block from now on refuses its call). Fail it, never resend.
  const deadline = executionDeadlineOf(trade, deps.executionDeadlineS);
  if (
    await deadlinePassedUnexecuted(deps.writer, { account, tradeId: trade.id, deadline: deadlineSeconds(deadline) })
  ) {
    deps.logger.info({ event: 'trade.reconciled', tradeId, outcome: 'failed', code: 'EXECUTION_TIMEOUT' });
    return failTrade(deps, trade, trade.status, failureOf(executionTimeout(deadline))).then(failedOr);
  }
  if (settled) {
    deps.logger.info({ event: 'trade.reconcile_waiting', tradeId, txHash: trade.txHash }, 'transaction still pending');
    return settled;
  }
  deps.logger.info({ event: 'trade.reconciled', tradeId, outcome: 'resent', status: trade.status });
  if (trade.status === 'validating') return driveFromValidating(deps, trade, RECONCILER);
  const target = await resolveTradeTarget(deps.reads, trade, { chainId: deps.writer.chain.id, now: deps.now() });
  // Refused now, but an earlier send may still execute: the chain settles it (RESENDING).
  if (target instanceof AppError) return awaitingChain(deps, trade, target);
  return sendTrade(deps, trade, target, RESENDING, await honouredSimulation(deps, trade));
}

const failedOr = (trade: TradeRecord | null): TradeOutcome => (trade ? 'failed' : 'lost_race');

/**
 * What the trade's last transaction settles: still in the node's pool → wait for it (unless the deadline has passed:
 * the caller checks); mined with the trade's call refused in it → the trade fails with that refusal, as its worker
 * (which died between the receipt and the record) would have failed it. Anything else settles nothing: the trade is
 * driven again.
 */
async function settleFromLastSend(
  deps: TradeExecutorDeps,
  trade: TradeRecord,
  account: Address,
  txHash: Hex,
): Promise<TradeOutcome | undefined> {
  const sent = await readSentTransaction(deps.writer, txHash);
  if (!sent) return undefined;
  if (sent.blockNumber === null) return 'awaiting_chain';
  const refused = await tradeRefusalIn(deps.writer, sent, { account, tradeId: trade.id });
  const refusal = refused && asPriceLimitRefusal(trade, refused);
  if (!refusal || !isDefiniteRefusal(refusal)) return undefined;
  deps.logger.info({ event: 'trade.reconciled', tradeId: trade.id, outcome: 'failed', code: refusal.code, txHash });
  return failTrade(deps, trade, trade.status, { ...failureOf(refusal), txHash }).then(failedOr);
}

export interface ReconcileStalledSettings {
  /** STALLED_TRADE_AFTER_MS: untouched this long (by updated_at), a trade in flight is presumed abandoned. */
  stalledAfterMs: number;
  batchSize: number;
  /** Stops the round between trades (the loop is stopping, or lost its lock). */
  signal?: AbortSignal;
}

/** Trades one round reconciles at once: their resends share the batcher's transactions instead of a block each. */
const ROUND_CONCURRENCY = 32;

/**
 * One round of the reconcile loop: every stalled trade, oldest first, up to ROUND_CONCURRENCY at a time (a resend
 * waits for its receipt: one after the other, a crashed replica's trades would each wait a block, most past their
 * deadline); one trade's failure does not stop the rest.
 */
export async function reconcileStalledTrades(
  deps: TradeExecutorDeps,
  settings: ReconcileStalledSettings,
): Promise<Map<string, TradeOutcome | 'error'>> {
  const before = new Date(deps.now().getTime() - settings.stalledAfterMs);
  const stalled = await listStalledTrades(deps.db, ['pending', 'validating', 'executing'], before, settings.batchSize);
  const outcomes = new Map<string, TradeOutcome | 'error'>();
  const reconcileNext = async (): Promise<void> => {
    for (let trade = stalled.shift(); trade && !settings.signal?.aborted; trade = stalled.shift()) {
      try {
        outcomes.set(trade.id, await reconcileTrade(deps, trade.id));
      } catch (error) {
        const appError = toAppError(error);
        deps.logger.warn(
          { event: 'trade.reconcile_failed', tradeId: trade.id, code: appError.code, detail: appError.detail },
          'could not reconcile the trade; will try again',
        );
        outcomes.set(trade.id, 'error');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROUND_CONCURRENCY, stalled.length) }, reconcileNext));
  return outcomes;
}
