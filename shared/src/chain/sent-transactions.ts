/*
 * A sent transaction until it is mined, the way relayers keep one moving (decision 0031):
 * - it is signed with an explicit nonce (taken from the writer's sequence), so it can be replaced;
 * - not mined within the writer's `replaceAfterBlocks` blocks and stuck (dropped by the node, or offering less than the
 *   market now asks: `isStuck`), it is sent again with the same nonce and fees raised by
 *   an eighth (nodes want at least a tenth more to replace), never above the writer's `maxFeePerGas`; at the cap it is
 *   re-broadcast unchanged, which puts back a transaction the node dropped, so the nonce never stays a gap that would
 *   hold every later transaction of the signer;
 * - whichever version is mined ends the wait; `onReplaced` learns each new hash first.
 * Receipts are read once per new block, not per poll: many transactions can wait at once.
 * Fees are capped on the first send too: above the cap the transaction waits in the pool for cheaper blocks (or its
 * deadline), rather than spending what the operator did not allow.
 */
import {
  BaseError,
  encodeFunctionData,
  FeeCapTooLowError,
  keccak256,
  TransactionNotFoundError,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { AppError } from '../errors/app-error.js';
import type { ChainWriter } from './chain-clients.js';
import { toChainError } from './chain-errors.js';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** What is needed to sign the transaction again. */
export interface SentTransaction {
  to: Address;
  data: Hex;
  gas: bigint;
  nonce: number;
  fees: Fees;
  hash: Hex;
}

/** The calldata of a contract write (viem's encodeFunctionData over a checked write). */
export function calldataOf(write: { abi: Abi }): Hex {
  // cast: the write was checked against its own ABI by the caller's ContractWrite type (contract-writes.ts): the
  // same { abi, functionName, args } object encodeFunctionData's non-generic parameter type describes
  return encodeFunctionData(write as unknown as Parameters<typeof encodeFunctionData>[0]);
}

/** The fees the writer offers now, within its cap. */
export async function cappedFees(writer: ChainWriter): Promise<Fees> {
  const fees = await writer.currentFees();
  return capFees(fees, writer.maxFeePerGas);
}

function capFees(fees: Fees, cap: bigint): Fees {
  const maxFeePerGas = fees.maxFeePerGas > cap ? cap : fees.maxFeePerGas;
  const maxPriorityFeePerGas = fees.maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : fees.maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** Fees that replace `previous`: an eighth more (plus one wei), at least what the node asks now, within the cap. */
export function replacementFees(previous: Fees, current: Fees, cap: bigint): Fees {
  const raise = (value: bigint) => value + value / 8n + 1n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  return capFees(
    {
      maxFeePerGas: max(raise(previous.maxFeePerGas), current.maxFeePerGas),
      maxPriorityFeePerGas: max(raise(previous.maxPriorityFeePerGas), current.maxPriorityFeePerGas),
    },
    cap,
  );
}

/** A transaction signed here: its bytes and its hash, known before any node has seen it. */
export interface SignedTransaction {
  raw: Hex;
  hash: Hex;
}

/** Signs with the writer's key, here (no RPC): the hash is the transaction's whatever then happens to the broadcast. */
export async function signTransaction(
  writer: ChainWriter,
  tx: Omit<SentTransaction, 'hash'>,
): Promise<SignedTransaction> {
  const raw = await writer.account.signTransaction({
    type: 'eip1559',
    chainId: writer.chain.id,
    to: tx.to,
    data: tx.data,
    gas: tx.gas,
    nonce: tx.nonce,
    maxFeePerGas: tx.fees.maxFeePerGas,
    maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw) };
}

/** Broadcasts a signed transaction (through the writer's fenced transport). */
export async function broadcastSigned(writer: ChainWriter, signed: SignedTransaction): Promise<Hex> {
  await writer.walletClient.sendRawTransaction({ serializedTransaction: signed.raw });
  return signed.hash;
}

/** What nodes answer when they refuse a transaction outright: it is in no pool. */
const NODE_REFUSALS =
  /nonce too low|nonce too high|underpriced|fee too low|less than block base fee|insufficient funds|intrinsic gas too low|exceeds block gas limit|invalid sender|gas limit reached/i;

const isNonceTooLow = (error: unknown) => /nonce too low/i.test(String(error));

/**
 * Whether a failed broadcast certainly left nothing in any node's pool: the signer's fence refused it before it went
 * out (our AppError), or the node refused it with one of the answers nodes give for a transaction they will not take
 * (NODE_REFUSALS). Anything else may have reached a pool: "already known", a timeout, a dropped connection, a
 * gateway's 5xx (with or without a JSON-RPC body), a node's internal error.
 */
export function broadcastRefused(error: unknown): boolean {
  if (isAlreadyKnown(error)) return false;
  if (error instanceof AppError) return true;
  if (error instanceof BaseError && error.walk((cause) => cause instanceof AppError)) return true;
  // viem's message carries the node's own words (its `Details:`), as for isAlreadyKnown and isTooCheap.
  return NODE_REFUSALS.test(String(error));
}

const isTooCheap = (error: unknown) =>
  error instanceof BaseError && error.walk((cause) => cause instanceof FeeCapTooLowError) !== null
    ? true
    : /underpriced|less than block base fee|fee too low/i.test(String(error));

const isAlreadyKnown = (error: unknown) => /already known|already imported|known transaction/i.test(String(error));

/**
 * Waits for `sent` (or a replacement) to be mined, replacing it as the file comment says, until `timeoutMs`.
 * Throws DEPENDENCY_UNAVAILABLE with the latest hash when it is not mined by then (it may still be).
 */
export async function untilMined(
  writer: ChainWriter,
  sent: SentTransaction,
  options: { timeoutMs: number; onReplaced?: (hash: Hex) => Promise<void> },
): Promise<TransactionReceipt> {
  const client = writer.publicClient;
  const hashes: Hex[] = [sent.hash];
  const receiptOf = async (): Promise<TransactionReceipt | undefined> => {
    for (const hash of [...hashes].reverse()) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (receipt) return receipt;
    }
    return undefined;
  };
  const until = Date.now() + options.timeoutMs;
  let current = sent;
  let lastResendError: unknown;
  try {
    // A chain that mines on arrival (anvil's automine) has the receipt already: one read, no block polling.
    const mined = await receiptOf();
    if (mined) return mined;
    let seenBlock = await client.getBlockNumber({ cacheTime: writer.pollingIntervalMs });
    let replaceAt = seenBlock + BigInt(writer.replaceAfterBlocks);
    // A chain that makes blocks only for transactions (anvil's automine, some L2s when idle) may make none while a
    // broadcast that never arrived holds the signer's nonce: the pool is looked at after this long without one too.
    const quietMs = writer.pollingIntervalMs * writer.replaceAfterBlocks * QUIET_POLLS_PER_BLOCK;
    let lookAt = Date.now() + quietMs;
    for (;;) {
      // Read after the block number: a transaction mined in between is seen here, not waited for in a next block.
      const receipt = await receiptOf();
      if (receipt) return receipt;
      if (seenBlock >= replaceAt || Date.now() >= lookAt) {
        lookAt = Date.now() + quietMs;
        // A failed look or re-send (a transient RPC error) is tried again at the next block rather than ending the
        // wait, which would leave a dropped transaction's nonce a gap holding every later one of the signer.
        const stuck = await isStuck(writer, current).catch(() => undefined);
        let settled = stuck !== undefined;
        if (stuck) {
          const replaced = await replace(writer, current).catch((error: unknown) => {
            lastResendError = error;
            return undefined;
          });
          if (replaced === undefined) settled = false;
          else {
            current = replaced;
            if (!hashes.includes(current.hash)) {
              hashes.push(current.hash);
              await options.onReplaced?.(current.hash);
            }
          }
        }
        if (settled) replaceAt = seenBlock + BigInt(writer.replaceAfterBlocks);
      }
      // Sleep until a new block (the block number is cached across waiters for a polling interval), or a quiet spell.
      for (;;) {
        if (Date.now() >= until) throw notMinedInTime(current.hash, lastResendError);
        await new Promise((resolve) => setTimeout(resolve, writer.pollingIntervalMs));
        const block = await client.getBlockNumber({ cacheTime: writer.pollingIntervalMs });
        if (block > seenBlock) {
          seenBlock = block;
          break;
        }
        if (Date.now() >= lookAt) break;
      }
    }
  } catch (error) {
    const mapped = toChainError(error);
    throw new AppError(mapped.code, {
      detail: mapped.detail,
      extensions: { ...mapped.extensions, txHash: current.hash },
      retry: mapped.retry,
      cause: error,
    });
  }
}

/** Polling intervals per block to replace after with no block at all before the pool is looked at anyway. */
const QUIET_POLLS_PER_BLOCK = 10;

/**
 * Whether `sent`, unmined after `replaceAfterBlocks` blocks, needs replacing: the node no longer has it (dropped), or
 * the fees the writer would offer now are higher than its own (the market moved past it). A transaction the node
 * still holds at fees the market asks is queued, not stuck: behind the signer's earlier nonces, or behind other
 * senders' transactions on a busy chain (on anvil's automine every transaction is a block, so blocks pass by the
 * dozen while it waits its turn). Replacing it would only cost a signature and a broadcast, and the node the work.
 */
async function isStuck(writer: ChainWriter, sent: SentTransaction): Promise<boolean> {
  const pooled = await writer.publicClient.getTransaction({ hash: sent.hash }).catch((error: unknown) => {
    if (error instanceof TransactionNotFoundError) return undefined;
    throw error;
  });
  if (!pooled) return true;
  // The fees of the version the node holds: after a refused replacement `sent.fees` are ones it never accepted.
  const offered = {
    maxFeePerGas: pooled.maxFeePerGas ?? sent.fees.maxFeePerGas,
    maxPriorityFeePerGas: pooled.maxPriorityFeePerGas ?? sent.fees.maxPriorityFeePerGas,
  };
  const now = await writer.currentFees();
  return now.maxFeePerGas > offered.maxFeePerGas || now.maxPriorityFeePerGas > offered.maxPriorityFeePerGas;
}

/**
 * A higher-fee version of `sent` (same nonce), or the same one again at the cap (see the file comment). Throws when
 * the node refused it for another reason (the caller tries again at the next block); a broadcast of unknown fate
 * returns the new version, watched from now on beside the earlier ones.
 */
async function replace(writer: ChainWriter, sent: SentTransaction): Promise<SentTransaction> {
  const fees = replacementFees(sent.fees, await writer.currentFees(), writer.maxFeePerGas);
  const raised =
    fees.maxFeePerGas > sent.fees.maxFeePerGas && fees.maxPriorityFeePerGas > sent.fees.maxPriorityFeePerGas;
  const next = { ...sent, fees: raised ? fees : sent.fees };
  const signed = await signTransaction(writer, next);
  try {
    await broadcastSigned(writer, signed);
  } catch (error) {
    // Mined meanwhile (nonce too low), or the same transaction still in the pool: keep waiting for what was sent.
    if (isAlreadyKnown(error) || isNonceTooLow(error)) return sent;
    // Still too cheap for the node (under the base fee, or not enough above the pooled one): keep waiting for what
    // was sent, and raise from these fees next time.
    if (isTooCheap(error)) return { ...sent, fees: next.fees };
    if (broadcastRefused(error)) throw error;
  }
  return { ...next, hash: signed.hash };
}

const notMinedInTime = (hash: Hex, lastResendError: unknown) =>
  new AppError('DEPENDENCY_UNAVAILABLE', {
    detail:
      'The transaction was not mined in time; it may still be' +
      (lastResendError === undefined ? '' : ` (its last re-send failed: ${toChainError(lastResendError).detail})`),
    extensions: { txHash: hash },
  });
