/**
 * What a mined transaction did to one trade's call, for crash recovery. A worker that dies after its receipt and
 * before it records the outcome leaves the trade `executing` with the hash. An execution shows as the trade id's
 * `TradeExecuted` event (findTradeExecution); this reads the other outcome, a refusal, the way the worker would
 * have: the call's `CallFailed` entry when the transaction was a batch (call-batches.ts), or the decoded revert of a
 * single send forwarded to the smart account through the OperatorRegistry (the node's call tracer). The reconciler then fails the trade with that code
 * instead of sending it again at a new price.
 */
import { decodeFunctionData, isAddressEqual, parseEventLogs, type Hex, type Transaction } from 'viem';
import { batchExecutorAbi } from '../../../../shared/contracts/artifacts/index.js';
import type { AppError } from '#shared/errors/app-error.js';
import type { AccountTarget } from './account-trades.js';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { tracedRevertData, withTxHash } from '#shared/chain/contract-writes.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { accountCallTradeId, forwardedCallOf } from './operator-calls.js';
import { appErrorFromRevert, decodeRevertData } from '#shared/chain/revert-errors.js';

type TradeCall = Pick<AccountTarget, 'account' | 'tradeId'>;

/**
 * The decoded refusal of `trade`'s call in the mined `transaction`, with its hash; undefined when the call did not
 * fail there (it executed, it was not in the transaction) or why it failed cannot be read (the transaction ran out
 * of gas, or the node has no tracer): a new send is then the safe course, since the trade id executes once.
 */
export async function tradeRefusalIn(
  reader: ChainReader,
  transaction: Pick<Transaction, 'hash' | 'from' | 'to' | 'input'>,
  trade: TradeCall,
): Promise<AppError | undefined> {
  const { hash, to } = transaction;
  const receipt = await reader.publicClient.getTransactionReceipt({ hash });
  if (!to) return undefined;
  let revertData: Hex | undefined;
  if (isAddressEqual(to, transaction.from)) {
    // A batch from the executor's own (delegated) address: a whole-batch revert refused no trade of its own.
    if (receipt.status !== 'success') return undefined;
    const position = positionInBatch(transaction.input, trade);
    if (position === undefined) return undefined;
    revertData = parseEventLogs({ abi: batchExecutorAbi, eventName: 'CallFailed', logs: receipt.logs }).find(
      (log) => isAddressEqual(log.address, to) && Number(log.args.index) === position,
    )?.args.revertData;
  } else if (isSingleSendOf(transaction.input, trade) && receipt.status === 'reverted') {
    revertData = await tracedRevertData(reader, hash);
  }
  const decoded = decodeRevertData(revertData);
  return decoded ? withTxHash(appErrorFromRevert(decoded), hash) : undefined;
}

/** Whether forwarded calldata (operator-registry.ts) is `trade`'s call (its account and its on-chain trade id). */
function isSingleSendOf(data: Hex, trade: TradeCall): boolean {
  const forwarded = forwardedCallOf(data);
  return (
    forwarded !== undefined &&
    isAddressEqual(forwarded.account, trade.account) &&
    accountCallTradeId(forwarded.data) === uuidToBytes32(trade.tradeId)
  );
}

/** The index of `trade`'s call among a batch's calls. */
function positionInBatch(input: Hex, trade: TradeCall): number | undefined {
  const calls = decodedOrUndefined(() => decodeFunctionData({ abi: batchExecutorAbi, data: input }).args[0]) ?? [];
  const position = calls.findIndex((call) => isSingleSendOf(call.data, trade));
  return position === -1 ? undefined : position;
}

/** Calldata this executor did not write (another function, another contract) reads as nothing, not as an error. */
function decodedOrUndefined<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}
