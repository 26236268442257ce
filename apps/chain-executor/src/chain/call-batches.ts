/**
 * Several calls in one transaction from the executor's own (EIP-7702 delegated) address, each isolated from the
 * others' failures (batch-delegation.ts). Two steps:
 * - `simulateCallBatch`: one eth_call of the batch; per call whether it would succeed, its gas and its return or
 *   revert data. Nothing is sent, so a refused call takes no nonce.
 * - `sendCallBatch`: the batch as one transaction with a gas limit derived from the simulation (no estimate: one
 *   node request instead of a binary search over the whole batch); per call its revert data when it failed
 *   on-chain (`CallFailed`), from the receipt.
 */
import {
  BaseError,
  ContractFunctionZeroDataError,
  parseEventLogs,
  size,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { batchExecutorAbi } from '../../../../shared/contracts/artifacts/index.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import { AppError } from '#shared/errors/app-error.js';
import { toChainError } from '#shared/chain/chain-errors.js';
import { sendContractWrite, type SendObserver } from '#shared/chain/contract-writes.js';

export interface BatchCall {
  target: Address;
  data: Hex;
}

export interface SimulatedCall {
  success: boolean;
  gasUsed: bigint;
  /** The return data of a successful call, the revert data of a failed one. */
  returnData: Hex;
}

export interface SentBatch {
  receipt: TransactionReceipt;
  /** Revert data of each call that failed on-chain, by its index in the batch. */
  failures: Map<number, Hex>;
}

/** Gas beyond the calls' own: the transaction's base cost and the batch loop. */
const BATCH_BASE_GAS = 60_000n;
/** Per call beyond its own gas: calldata, the call itself, its result and a possible CallFailed event. */
const PER_CALL_GAS = 25_000n;
/** Per calldata byte (the non-zero byte price, an upper bound). */
const CALLDATA_BYTE_GAS = 16n;
const GAS_HEADROOM_PERCENT = 130n;

const batchCall = (writer: ChainWriter, calls: readonly BatchCall[]) =>
  ({
    address: writer.account.address,
    abi: batchExecutorAbi,
    functionName: 'executeBatch',
    args: [calls],
  }) as const;

/**
 * One eth_call of the batch on the pending state: the latest block plus the transactions waiting in the node's pool
 * (ours of earlier batches and other senders'), so each call's output is the one it will have when mined after them
 * (see the file comment). A failed node request throws an AppError.
 */
export async function simulateCallBatch(writer: ChainWriter, calls: readonly BatchCall[]): Promise<SimulatedCall[]> {
  try {
    const { result } = await writer.publicClient.simulateContract({
      ...batchCall(writer, calls),
      account: writer.account,
      blockTag: 'pending',
    });
    return result.map(({ success, gasUsed, returnData }) => ({ success, gasUsed, returnData }));
  } catch (error) {
    // No code answered: the sender does not (or no longer) delegate to BatchExecutor. Transient: delegate again.
    if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionZeroDataError)) {
      throw new AppError('DEPENDENCY_UNAVAILABLE', {
        detail: 'The executor does not delegate to BatchExecutor yet',
        cause: error,
      });
    }
    throw toChainError(error);
  }
}

/** The gas limit of a batch whose calls used `gasUsed` in simulation. */
export function batchGasLimit(calls: readonly BatchCall[], gasUsed: readonly bigint[]): bigint {
  const own = gasUsed.reduce((sum, gas) => sum + gas, 0n);
  const calldata = calls.reduce((sum, call) => sum + BigInt(size(call.data)) + 64n, 0n) * CALLDATA_BYTE_GAS;
  return BATCH_BASE_GAS + calldata + BigInt(calls.length) * PER_CALL_GAS + (own * GAS_HEADROOM_PERCENT) / 100n;
}

/**
 * Sends the batch and resolves with its receipt and failed calls. Throws as `sendContractWrite` does: a broadcast
 * of unknown fate, a missing receipt (with the hash) or a reverted transaction (nothing in it took effect).
 */
export async function sendCallBatch(
  writer: ChainWriter,
  calls: readonly BatchCall[],
  gasLimit: bigint,
  observer: SendObserver = {},
): Promise<SentBatch> {
  const receipt = await sendContractWrite(writer, batchCall(writer, calls), { ...observer, gasLimit });
  const failures = new Map<number, Hex>();
  const self = writer.account.address.toLowerCase();
  for (const log of parseEventLogs({ abi: batchExecutorAbi, eventName: 'CallFailed', logs: receipt.logs })) {
    if (log.address.toLowerCase() === self) failures.set(Number(log.args.index), log.args.revertData);
  }
  return { receipt, failures };
}
