/**
 * One way to send a contract transaction, safe under concurrency:
 * 1. `estimateContractGas` first: a revert (slippage, frozen market…) surfaces here, decoded, before a nonce is
 *    taken, so a refused trade never leaves a nonce gap that would stall the sender's later transactions;
 * 2. send with that gas (+25 %) so nothing can fail between taking the nonce and broadcasting but the network;
 * 3. wait for the receipt; a transaction that still reverts on-chain (state moved between estimate and mining) is
 *    explained from the node's call trace (or a replay on the parent block) and carries its tx hash.
 * Every failure is an AppError (chain-errors.ts). `onSent` learns the hash as soon as the transaction went out
 * (before the receipt), so a caller can record it; a broadcast whose fate is unknown counts as sent and is watched by
 * its hash, one refused before reaching any pool fails with no hash and gives its nonce back (see broadcast).
 */
import { getAddress, isHex } from 'viem';
import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionParameters,
  EstimateContractGasParameters,
  Hex,
  TransactionReceipt,
} from 'viem';
import { AppError } from '../errors/app-error.js';
import { isRecord } from '../runtime/plain-values.js';
import type { ChainReader, ChainWriter } from './chain-clients.js';
import { toChainError, withChainErrors } from './chain-errors.js';
import { appErrorFromRevert, decodeRevertData } from './revert-errors.js';
import {
  broadcastRefused,
  broadcastSigned,
  calldataOf,
  cappedFees,
  signTransaction,
  untilMined,
  type Fees,
  type SentTransaction,
  type SignedTransaction,
} from './sent-transactions.js';

type Mutability = 'nonpayable' | 'payable';

export type ContractWrite<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, Mutability>,
  args extends ContractFunctionArgs<abi, Mutability, functionName>,
> = ContractFunctionParameters<abi, Mutability, functionName, args> & { address: Address };

const GAS_HEADROOM_PERCENT = 125n;

export interface SendObserver {
  /**
   * Called with the transaction hash once the node accepted it, and again with each replacement's hash
   * (sent-transactions.ts); the receipt wait runs meanwhile, and the send settles only after the first call did. A
   * rejection of the callback rejects the send (log, do not throw, there).
   */
  onSent?: (hash: Hex) => Promise<void>;
}

/**
 * How one send departs from the default (the sandbox failure simulation of test deployments, decision 0023; nothing
 * else sets these). The guarded organic trades (guarded-trades.ts) take only the SendObserver.
 */
export interface SendOptions extends SendObserver {
  /**
   * Send with this gas limit instead of estimating first: a call that reverts is then mined as a reverted
   * transaction (with a hash) rather than refused by the estimate.
   */
  gasLimit?: bigint;
}

/** Whether a failed send may have reached the chain: it went out (its hash is known; see broadcast). */
export function mayHaveBeenSent(error: AppError): boolean {
  return error.extensions.txHash !== undefined;
}

/** Sends a contract write and resolves with its successful receipt (see the file comment). */
export async function sendContractWrite<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, Mutability>,
  args extends ContractFunctionArgs<abi, Mutability, functionName>,
>(
  writer: ChainWriter,
  request: ContractWrite<abi, functionName, args>,
  observer: SendOptions = {},
): Promise<TransactionReceipt> {
  // viem's generic parameter types do not narrow through a generic wrapper; the public signature keeps callers typed.
  // cast: `request` was checked against its own ABI by ContractWrite<abi, functionName, args> at the call site, and
  // is the same { address, abi, functionName, args, value } object viem's non-generic parameter type describes
  const call = { ...request, account: writer.account } as unknown as EstimateContractGasParameters;
  let gas: bigint;
  try {
    gas = observer.gasLimit ?? ((await writer.publicClient.estimateContractGas(call)) * GAS_HEADROOM_PERCENT) / 100n;
  } catch (error) {
    throw toChainError(error);
  }
  let fees: Fees;
  try {
    fees = await cappedFees(writer);
  } catch (error) {
    throw toChainError(error);
  }
  const unsigned = { to: request.address, data: calldataOf(request), gas, fees };
  const { hash, nonce } = await broadcast(writer, unsigned);
  const pendingReceipt = untilMined(
    writer,
    { ...unsigned, nonce, hash },
    {
      timeoutMs: writer.receiptTimeoutMs,
      ...(observer.onSent ? { onReplaced: observer.onSent } : {}),
    },
  );
  // Awaited below; this only keeps a receipt failure that lands while `onSent` runs from being reported unhandled.
  pendingReceipt.catch(() => undefined);
  await observer.onSent?.(hash);
  const receipt = await pendingReceipt;
  if (receipt.status === 'success') return receipt;
  throw await explainMinedRevert(writer, call, receipt, gas);
}

/**
 * Takes a nonce, signs here (the hash is known before any node sees it) and broadcasts. A broadcast whose fate is
 * unknown (a timeout, a dropped connection) counts as sent: its hash is watched like any other (untilMined puts it
 * back if no node has it), so it never leaves a nonce gap nor a transaction nobody follows. One that certainly went
 * nowhere (refused by the signer's fence or by the node) gives its nonce back and fails with no hash: nothing of it
 * can be mined.
 */
async function broadcast(
  writer: ChainWriter,
  unsigned: Omit<SentTransaction, 'hash' | 'nonce'>,
): Promise<{ hash: Hex; nonce: number }> {
  let signed: SignedTransaction;
  let nonce: number;
  try {
    nonce = await writer.takeNonce();
    signed = await signTransaction(writer, { ...unsigned, nonce });
  } catch (error) {
    writer.resetNonce();
    throw toChainError(error);
  }
  try {
    await broadcastSigned(writer, signed);
  } catch (error) {
    if (!broadcastRefused(error)) return { hash: signed.hash, nonce };
    writer.resetNonce();
    throw toChainError(error);
  }
  return { hash: signed.hash, nonce };
}

/** `error` naming the transaction it happened in. */
export const withTxHash = (error: AppError, txHash: Hex, cause?: unknown): AppError =>
  new AppError(error.code, {
    detail: error.detail,
    extensions: { ...error.extensions, txHash },
    retry: error.retry,
    cause,
  });

/** The revert data of a mined transaction from the node's call tracer; undefined where tracing is unavailable. */
export async function tracedRevertData(reader: ChainReader, hash: Hex): Promise<Hex | undefined> {
  try {
    // debug_traceTransaction is not in viem's public RPC schema: its parameters declared here, its answer read as unknown.
    const trace = await reader.publicClient.request<{
      Parameters: [Hex, { tracer: 'callTracer'; tracerConfig: { onlyTopCall: boolean } }];
      ReturnType: unknown;
    }>({
      method: 'debug_traceTransaction',
      params: [hash, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }],
    });
    const output = isRecord(trace) ? trace.output : undefined;
    return isHex(output) && output.length > 2 ? output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a mined transaction reverted: out of gas (state-dependent gas grew past the headroom; retryable, the trade
 * id was not consumed), else the custom error from the node's call tracer, else a replay of the call on the
 * parent block's state (exact when the transaction was first in its block), else plain CHAIN_REVERTED.
 */
async function explainMinedRevert(
  writer: ChainWriter,
  call: EstimateContractGasParameters,
  receipt: TransactionReceipt,
  gasLimit: bigint,
): Promise<AppError> {
  const hash = receipt.transactionHash;
  if (receipt.gasUsed * 100n >= gasLimit * 97n) {
    return new AppError('CHAIN_REVERTED', {
      detail: 'The transaction ran out of gas',
      extensions: { revert: 'out of gas', txHash: hash },
      retry: true,
    });
  }
  const data = await tracedRevertData(writer, hash);
  const decoded = decodeRevertData(data);
  if (decoded) return withTxHash(appErrorFromRevert(decoded), hash, undefined);
  try {
    const replay = { ...call, blockNumber: receipt.blockNumber - 1n };
    // cast: the same checked write as `call` (see there), at the parent block
    await writer.publicClient.simulateContract(replay as Parameters<typeof writer.publicClient.simulateContract>[0]);
  } catch (error) {
    return withTxHash(toChainError(error), hash, error);
  }
  return new AppError('CHAIN_REVERTED', {
    detail: 'The transaction reverted on-chain',
    extensions: { revert: 'unknown', txHash: hash },
  });
}

/** Deploys a contract and waits for its receipt; resolves with its address. */
export async function deployContract(
  writer: ChainWriter,
  abi: Abi,
  bytecode: Hex,
  args: readonly unknown[],
): Promise<Address> {
  return withChainErrors(async () => {
    const hash = await writer.walletClient.deployContract({ abi, bytecode, args, chain: writer.chain });
    const receipt = await writer.publicClient.waitForTransactionReceipt({ hash, timeout: writer.receiptTimeoutMs });
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new AppError('CHAIN_REVERTED', { detail: 'The contract deployment failed', extensions: { txHash: hash } });
    }
    return getAddress(receipt.contractAddress);
  });
}
