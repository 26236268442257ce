/**
 * Guarded trades, several per transaction (call-batches.ts), each with the same guarantees as a single send
 * (guarded-trades.ts, account-trades.ts):
 * 1. one simulation of the batch with open guards gives each trade's output against the state its batch-mates
 *    leave, which is the fresh quote its guard is derived from (minimum tokens out for a buy, maximum tokens in for
 *    the exact-USDC sell, at the trade's slippage tolerance, tightened to its price limit); a trade the simulation
 *    refuses, or whose output already misses its price limit, fails alone, decoded, before anything is sent (after
 *    a price-limit miss the others are simulated again without that trade);
 * 2. the guarded batch is sent once; a trade that reverts on-chain (the state moved after the simulation) fails
 *    alone with its decoded error and the transaction hash; the others complete from their `TradeExecuted` events.
 * A trade id that already executed is never an error: its earlier execution is returned, `replayed`.
 * A failure of the batch as a whole (the node unreachable, a broadcast of unknown fate, no receipt) is every
 * trade's result.
 */
import { decodeFunctionResult, encodeFunctionData, maxUint256, type Hex } from 'viem';
import { smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import { AppError, toAppError } from '#shared/errors/app-error.js';
import {
  earlierExecutionOf,
  executionOf,
  tradeExecutionsOf,
  type AccountTarget,
  type AccountTradeExecution,
} from './account-trades.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import { batchGasLimit, sendCallBatch, simulateCallBatch, type BatchCall, type SimulatedCall } from './call-batches.js';
import { withTxHash, type SendObserver } from '#shared/chain/contract-writes.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { forwardCallData } from './operator-calls.js';
import { appErrorFromRevert, decodeRevertData } from '#shared/chain/revert-errors.js';
import { tradeGuard } from './trade-guards.js';

/** One trade of a batch: a buy spends `amount` USDC; a sell receives exactly `amount` USDC net. */
export interface BatchedTrade extends AccountTarget, SendObserver {
  side: 'buy' | 'sell';
  /** USDC atomic. */
  amount: bigint;
  slippageBps: number;
  /** The bound of the client's price limit on the guard (trade-guards.ts limitBound), when it set one. */
  limit?: bigint | undefined;
}

export type BatchedTradeResult = AccountTradeExecution | AppError;

const functionOf = (trade: BatchedTrade) => (trade.side === 'buy' ? 'buy' : 'sellForExactUsdc');

/** The account call with `guard` (buy: minimum tokens out; sell: maximum tokens in), through the registry. */
function callOf(trade: BatchedTrade, guard: bigint): BatchCall {
  const args = [uuidToBytes32(trade.tradeId), trade.market, BigInt(trade.outcomeIndex), trade.amount, guard] as const;
  const accountCall = encodeFunctionData({ abi: smartAccountAbi, functionName: functionOf(trade), args });
  return { target: trade.registry, data: forwardCallData(trade, trade.account, accountCall) };
}

/**
 * The guard from a simulated output (buy tokensOut → minimum; sell tokensIn → maximum), or the trade's
 * PRICE_LIMIT_EXCEEDED when that output already misses its price limit.
 */
function guardOf(trade: BatchedTrade, simulated: SimulatedCall): bigint | AppError {
  const output = decodeFunctionResult({
    abi: smartAccountAbi,
    functionName: functionOf(trade),
    data: simulated.returnData,
  });
  try {
    return tradeGuard(trade, output);
  } catch (error) {
    return toAppError(error);
  }
}

/** A refused call's error; a trade id that executed before resolves to that execution. */
async function refusal(
  writer: ChainWriter,
  trade: BatchedTrade,
  revertData: Hex,
  txHash?: Hex,
): Promise<BatchedTradeResult> {
  const error = appErrorFromRevert(decodeRevertData(revertData));
  const earlier = await earlierExecutionOf(writer, trade, error).catch(() => undefined);
  if (earlier) return earlier;
  return txHash === undefined ? error : withTxHash(error, txHash);
}

/** A batch answered with fewer results than calls: never expected of BatchExecutor, failed rather than guessed. */
const missingResult = (): AppError =>
  new AppError('INTERNAL_ERROR', { detail: 'The batch returned no result for this trade' });

interface Included {
  trade: BatchedTrade;
  simulated: SimulatedCall;
  guard: bigint;
}

/**
 * Runs `trades` as one batch (see the file comment); the results are in the order of `trades`. `batch.onSent` learns
 * the transaction's hash once, before the trades' own observers.
 */
export async function executeTradeBatch(
  writer: ChainWriter,
  trades: readonly BatchedTrade[],
  batch: SendObserver = {},
): Promise<BatchedTradeResult[]> {
  const results = new Map<BatchedTrade, BatchedTradeResult>();
  let candidates = trades;
  for (;;) {
    const { included, limitMissed } = await simulateGuarded(writer, candidates, results);
    if (!limitMissed) {
      if (included.length > 0) await sendIncluded(writer, included, results, batch);
      break;
    }
    // A trade left out for its price limit had moved the simulated state its later batch-mates were quoted against:
    // the rest are simulated again without it (each round leaves at least one trade out).
    candidates = included.map(({ trade }) => trade);
  }
  return trades.map((trade) => results.get(trade) ?? missingResult());
}

/**
 * One simulation of `trades` with open guards: the trades to send with their guards; every other trade's result
 * (refused, missing, past its price limit, or the whole simulation's failure) is set in `results`.
 */
async function simulateGuarded(
  writer: ChainWriter,
  trades: readonly BatchedTrade[],
  results: Map<BatchedTrade, BatchedTradeResult>,
): Promise<{ included: Included[]; limitMissed: boolean }> {
  const open = (trade: BatchedTrade) => callOf(trade, trade.side === 'buy' ? 0n : maxUint256);
  let simulated: SimulatedCall[];
  try {
    simulated = await simulateCallBatch(writer, trades.map(open));
  } catch (error) {
    for (const trade of trades) results.set(trade, toAppError(error));
    return { included: [], limitMissed: false };
  }
  const included: Included[] = [];
  const refusals: Array<Promise<void>> = [];
  let limitMissed = false;
  trades.forEach((trade, index) => {
    const outcome = simulated[index];
    if (!outcome) results.set(trade, missingResult());
    else if (!outcome.success) {
      refusals.push(refusal(writer, trade, outcome.returnData).then((result) => void results.set(trade, result)));
    } else {
      const guard = guardOf(trade, outcome);
      if (guard instanceof AppError) {
        results.set(trade, guard);
        limitMissed = true;
      } else included.push({ trade, simulated: outcome, guard });
    }
  });
  await Promise.all(refusals);
  return { included, limitMissed };
}

/** Sends the trades the simulation accepted, guarded, as one transaction; records each one's result. */
async function sendIncluded(
  writer: ChainWriter,
  included: readonly Included[],
  results: Map<BatchedTrade, BatchedTradeResult>,
  batch: SendObserver,
): Promise<void> {
  const calls = included.map(({ trade, guard }) => callOf(trade, guard));
  const gasLimit = batchGasLimit(
    calls,
    included.map(({ simulated }) => simulated.gasUsed),
  );
  const onSent = async (hash: Hex) => {
    await batch.onSent?.(hash);
    await Promise.all(included.map(({ trade }) => trade.onSent?.(hash)));
  };
  let sent: Awaited<ReturnType<typeof sendCallBatch>>;
  try {
    sent = await sendCallBatch(writer, calls, gasLimit, { onSent });
  } catch (error) {
    for (const { trade } of included) results.set(trade, toAppError(error));
    return;
  }
  const txHash = sent.receipt.transactionHash;
  const executions = tradeExecutionsOf(sent.receipt);
  await Promise.all(
    included.map(async ({ trade }, position) => {
      const revertData = sent.failures.get(position);
      try {
        results.set(
          trade,
          revertData === undefined
            ? executionOf(executions, trade, txHash)
            : await refusal(writer, trade, revertData, txHash),
        );
      } catch (error) {
        results.set(trade, toAppError(error));
      }
    }),
  );
}
