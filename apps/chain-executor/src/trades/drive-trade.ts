/*
 * The executor's path from `validating` to a terminal state, shared by the job consumer and the reconciler:
 * validate → `executing` → send through the smart account (the trade's UUID is the on-chain once-only trade id;
 * several trades per transaction through the batcher, trade-batcher.ts, unless TRADE_BATCH_MAX=1) → `completed`, or
 * `failed` with the catalogue code. A transient failure before anything was sent hands the trade
 * back to `pending` and rethrows (the job is retried); once a transaction may be on its way nothing is resent here:
 * the trade stays `executing` and the reconciler settles it from the chain. The reconciler's resend of a trade found
 * `executing` (`maybeSentBefore`) is never handed back nor failed before it sends: an earlier run's transaction may
 * still be in flight, unrecorded, so only the chain settles that trade (its execution, or its deadline passing).
 */
import type { Hex } from 'viem';
import { executeBuy, executeSellForUsdc } from '../chain/guarded-trades.js';
import { mayHaveBeenSent } from '#shared/chain/contract-writes.js';
import { type AccountTradeExecution } from '../chain/account-trades.js';
import { type OperatorRoute } from '../chain/operator-calls.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import type { TradeSimulation } from '#shared/domain/trade-simulation.js';
import { AppError, isAppError, toAppError } from '#shared/errors/app-error.js';
import { isRetryableError } from '#shared/messaging/error-classification.js';
import { deadlineSeconds, executionDeadlineOf } from './execution-deadline.js';
import type { TradeExecutorDeps, TradeOutcome } from './trade-executor-deps.js';
import {
  completeTrade,
  failTrade,
  recordTxSent,
  scheduleRetry,
  startExecuting,
  type TradeFailure,
} from './trade-moves.js';
import { asPriceLimitRefusal, limitBoundOf } from './price-limit.js';
import { isOnChainSimulation, sendSimulated } from './simulated-sends.js';
import { honouredSimulation } from './simulation-gate.js';
import { resolveTradeTarget, type TradeTarget } from './trade-target.js';

/** How long a sent transaction's receipt may take before its hash is recorded on its own. */
export const TX_SENT_RECORD_DELAY_MS = 250;

export interface DriveOptions {
  /** Publish a fresh job when handing the trade back to `pending` (no consumer will requeue this run's job). */
  enqueueRetry: boolean;
  /**
   * The trade was already `executing` when this run began: an earlier run may have sent a transaction whose hash it
   * never recorded (it died, or the record failed), which can still be mined until the trade's deadline. A failure
   * before this run sends then leaves the trade `executing`: back in `pending` a cancel could win while that
   * transaction executes, and `failed` could be followed by its execution.
   */
  maybeSentBefore?: boolean;
}

/** A transient non-AppError (MySQL, network) reads as DEPENDENCY_UNAVAILABLE; a bug as INTERNAL_ERROR. */
const asAppError = (error: unknown): AppError =>
  isAppError(error) || !isRetryableError(error)
    ? toAppError(error)
    : new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'A dependency of the executor is unavailable', cause: error });

const isAlreadyExecuted = (error: unknown): boolean => isAppError(error) && error.code === 'TRADE_ALREADY_EXECUTED';

export const failureOf = (error: AppError): TradeFailure => ({ code: error.code, message: error.detail });

/** A refusal that ends the trade: not transient, not a bug of ours, not an id that executed elsewhere. */
export const isDefiniteRefusal = (error: AppError): boolean =>
  !error.retry && error.code !== 'INTERNAL_ERROR' && !isAlreadyExecuted(error);

/** A trade in `validating`: validate, claim `executing`, send. */
export async function driveFromValidating(
  deps: TradeExecutorDeps,
  trade: TradeRecord,
  options: DriveOptions,
): Promise<TradeOutcome> {
  let target: TradeTarget | AppError;
  try {
    target = await resolveTradeTarget(deps.reads, trade, { chainId: deps.writer.chain.id, now: deps.now() });
  } catch (error) {
    return retryOrFail(deps, trade, error, options);
  }
  if (target instanceof AppError) return settleFailure(deps, trade, 'validating', failureOf(target));
  const executing = await startExecuting(deps, trade);
  if (!executing) return 'lost_race';
  return sendTrade(deps, executing, target, options, await honouredSimulation(deps, trade));
}

/**
 * A trade in `executing` with nothing sent (or a send that never executed): send it now. `simulation` is the one
 * the executor honours for it (simulation-gate.ts), null for an organic send.
 */
export async function sendTrade(
  deps: TradeExecutorDeps,
  trade: TradeRecord,
  target: TradeTarget,
  options: DriveOptions,
  simulation: TradeSimulation | null,
): Promise<TradeOutcome> {
  let sent: Hex | undefined;
  // The hash is recorded (`trade.tx_sent`) only when the receipt is slow to come: a receipt within
  // TX_SENT_RECORD_DELAY_MS is written together with the send, in the completing transaction.
  let recordLater: NodeJS.Timeout | undefined;
  let recording: Promise<boolean> | undefined;
  const record = (txHash: Hex): Promise<boolean> =>
    recordTxSent(deps, trade.id, txHash).catch((error: unknown) => {
      deps.logger.warn(
        { event: 'trade.tx_hash_not_recorded', tradeId: trade.id, txHash, err: toAppError(error).message },
        'could not record the tx hash yet; the receipt will record it',
      );
      return false;
    });
  const onSent = (txHash: Hex): Promise<void> => {
    const replacement = sent !== undefined;
    sent = txHash;
    clearTimeout(recordLater);
    // A replacement (the first was not mined in time: sent-transactions.ts) is recorded at once.
    if (replacement) recording = record(txHash);
    else {
      recordLater = setTimeout(() => {
        recording = record(txHash);
      }, TX_SENT_RECORD_DELAY_MS);
    }
    return Promise.resolve();
  };
  /** Stops a pending record; true when the `trade.tx_sent` step was written. */
  const settleRecording = async (): Promise<boolean> => {
    clearTimeout(recordLater);
    return (await recording) ?? false;
  };
  let execution: AccountTradeExecution;
  try {
    execution = await executeOnChain(deps, { trade, target, simulation }, onSent);
  } catch (caught) {
    const error = asPriceLimitRefusal(trade, caught);
    // A sent transaction whose receipt failed: its hash is recorded now for the trace and the reconciler.
    if (!(await settleRecording()) && sent) await record(sent);
    if (sent || isAlreadyExecuted(error) || (isAppError(error) && mayHaveBeenSent(error))) {
      return afterUncertainSend(deps, trade, error);
    }
    if (options.maybeSentBefore) return awaitingChain(deps, trade, toAppError(error));
    return retryOrFail(deps, trade, error, options);
  }
  const completed = await completeTrade(deps, trade, execution, { txSentRecorded: await settleRecording() });
  if (!completed) return 'lost_race';
  deps.logger.info(
    { event: 'trade.completed', tradeId: trade.id, txHash: execution.txHash, replayed: execution.replayed },
    'trade completed',
  );
  return 'completed';
}

/** The registry and the trade's deadline (execution-deadline.ts) its call carries. */
function operatorRouteOf(deps: TradeExecutorDeps, trade: TradeRecord): OperatorRoute {
  return {
    registry: deps.operatorRegistry,
    deadline: deadlineSeconds(executionDeadlineOf(trade, deps.executionDeadlineS)),
  };
}

function executeOnChain(
  deps: TradeExecutorDeps,
  { trade, target, simulation }: { trade: TradeRecord; target: TradeTarget; simulation: TradeSimulation | null },
  onSent: (hash: Hex) => Promise<void>,
): Promise<AccountTradeExecution> {
  // A test trade placed with X-Service-Simulate: the chain produces the outcome it names (decision 0023).
  if (simulation && isOnChainSimulation(simulation.kind)) {
    return sendSimulated(
      {
        writer: deps.writer,
        trade,
        target: { ...target, ...operatorRouteOf(deps, trade) },
        slippageBps: deps.slippageBps,
        onSent,
      },
      simulation.kind,
    );
  }
  const common = {
    ...target,
    ...operatorRouteOf(deps, trade),
    outcomeIndex: trade.outcomeIndex,
    tradeId: trade.id,
    slippageBps: deps.slippageBps,
    limit: limitBoundOf(trade),
  };
  if (deps.batcher) return deps.batcher.submit({ ...common, side: trade.side, amount: trade.amountAtomic, onSent });
  return trade.side === 'buy'
    ? executeBuy(deps.writer, { ...common, usdcIn: trade.amountAtomic, onSent })
    : executeSellForUsdc(deps.writer, { ...common, usdcOut: trade.amountAtomic, onSent });
}

/**
 * A transaction may be on-chain: a decoded revert (it has a receipt) fails the trade; anything else — a receipt
 * timeout, an RPC failure, an unexplained error — leaves it `executing` for the reconciler. Never resends.
 */
async function afterUncertainSend(deps: TradeExecutorDeps, trade: TradeRecord, error: unknown): Promise<TradeOutcome> {
  const appError = toAppError(error);
  const txHash = appError.extensions.txHash;
  // TRADE_ALREADY_EXECUTED: the contract refused the id because it executed (another send of this trade, e.g. a
  // reconciler racing a slow worker) but that execution was not found yet: never a failure, the chain has it.
  if (isDefiniteRefusal(appError) && typeof txHash === 'string') {
    return settleFailure(deps, trade, 'executing', { ...failureOf(appError), txHash });
  }
  return awaitingChain(deps, trade, appError);
}

/** The trade stays `executing`: the reconciler settles it from the chain (its execution, or its deadline). */
export function awaitingChain(deps: TradeExecutorDeps, trade: TradeRecord, error: AppError): TradeOutcome {
  deps.logger.warn(
    { event: 'trade.awaiting_chain', tradeId: trade.id, code: error.code, txHash: error.extensions.txHash },
    'a transaction of the trade may be in flight; the reconciler settles it from the chain',
  );
  return 'awaiting_chain';
}

/** Nothing was sent: a transient failure hands the trade back to `pending` and rethrows; others fail it. */
async function retryOrFail(
  deps: TradeExecutorDeps,
  trade: TradeRecord,
  error: unknown,
  options: DriveOptions,
): Promise<TradeOutcome> {
  const appError = asAppError(error);
  if (!isRetryableError(error)) return settleFailure(deps, trade, ['validating', 'executing'], failureOf(appError));
  deps.logger.warn(
    { event: 'trade.retry_scheduled', tradeId: trade.id, code: appError.code, detail: appError.detail },
    'transient failure before sending; the trade will be retried',
  );
  await scheduleRetry(deps, trade, failureOf(appError), options.enqueueRetry);
  throw error;
}

async function settleFailure(
  deps: TradeExecutorDeps,
  trade: TradeRecord,
  from: Parameters<typeof failTrade>[2],
  failure: Parameters<typeof failTrade>[3],
): Promise<TradeOutcome> {
  const failed = await failTrade(deps, trade, from, failure);
  if (!failed) return 'lost_race';
  deps.logger.info({ event: 'trade.failed', tradeId: trade.id, code: failure.code }, 'trade failed');
  return 'failed';
}
