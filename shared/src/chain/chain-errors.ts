/**
 * Maps every failure of a chain call to an AppError:
 * - a contract revert (viem's ContractFunctionRevertedError, found with BaseError.walk) → the code of its custom
 *   error (revert-errors.ts), e.g. SlippageExceeded → SLIPPAGE_EXCEEDED; unknown ones → CHAIN_REVERTED (502);
 * - no contract at the called address → CHAIN_REVERTED (a deployment/configuration fault, not the client's);
 * - transport, RPC (unknown RPC errors too), timeout, nonce and gas-funding failures → DEPENDENCY_UNAVAILABLE (503,
 *   retry true);
 * - anything else (encoding bugs, non-viem errors) → INTERNAL_ERROR.
 * The raw viem error stays as `cause` for the log; details are fixed, client-safe sentences.
 */
import {
  BaseError,
  ChainDisconnectedError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  InternalRpcError,
  LimitExceededRpcError,
  NonceTooHighError,
  NonceTooLowError,
  ProviderDisconnectedError,
  ResourceUnavailableRpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  TransactionReceiptNotFoundError,
  UnknownRpcError,
  WaitForTransactionReceiptTimeoutError,
  WebSocketRequestError,
  isHex,
} from 'viem';
import { AppError, isAppError } from '../errors/app-error.js';
import { appErrorFromRevert, decodeRevertData, type DecodedRevert } from './revert-errors.js';

const unavailableErrors = [
  HttpRequestError,
  TimeoutError,
  WebSocketRequestError,
  SocketClosedError,
  RpcRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  WaitForTransactionReceiptTimeoutError,
  TransactionReceiptNotFoundError,
  // What a request gets when the WebSocket cannot even connect (viem wraps the socket's error event in it): an
  // upstream failure, never our bug, so 503 and retried rather than a 500.
  UnknownRpcError,
] as const;

const isInstance =
  (types: readonly (abstract new (...args: never[]) => unknown)[]) =>
  (error: unknown): boolean =>
    types.some((type) => error instanceof type);

/** The decoded custom error of a revert, whichever contract ABI the call used. */
function decodeReverted(reverted: ContractFunctionRevertedError): DecodedRevert | undefined {
  if (reverted.data) return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
  // A revert bubbled from a contract the call's ABI does not cover (e.g. USDC's ERC20InsufficientBalance).
  return decodeRevertData(reverted.raw);
}

/** Converts any failure of a viem call into an AppError (see the file comment for the mapping). */
export function toChainError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!(error instanceof BaseError)) return new AppError('INTERNAL_ERROR', { cause: error });
  // Our own refusal inside a viem call (a fenced broadcast, signer-lease.ts) keeps its code.
  const ours = error.walk((cause) => isAppError(cause));
  if (isAppError(ours)) return ours;

  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) return appErrorFromRevert(decodeReverted(reverted), error);

  if (error.walk((cause) => cause instanceof ContractFunctionZeroDataError)) {
    return new AppError('CHAIN_REVERTED', {
      detail: 'No contract answered at the called address',
      extensions: { revert: 'no contract' },
      cause: error,
    });
  }
  if (error.walk((cause) => cause instanceof ExecutionRevertedError)) {
    // A revert seen outside a contract call (raw eth_call / estimateGas): decode the node's revert data if any.
    const rpc = error.walk((cause) => cause instanceof RpcRequestError);
    const data = rpc instanceof RpcRequestError && isHex(rpc.data) ? rpc.data : undefined;
    return appErrorFromRevert(decodeRevertData(data), error);
  }
  if (error.walk((cause) => cause instanceof InsufficientFundsError)) {
    return new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: 'The platform sending account cannot pay for gas',
      cause: error,
    });
  }
  if (error.walk(isInstance([NonceTooLowError, NonceTooHighError]))) {
    // Retryable, and not an outage: another sender of the same key took the nonce (two processes signing with one
    // key: signer-lease.ts exists to prevent it), or the chain was reset under a cached nonce.
    return new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: 'The signer nonce was taken by another transaction (a concurrent sender of the same key)',
      extensions: { nonce: 'conflict' },
      cause: error,
    });
  }
  if (error.walk(isInstance(unavailableErrors))) {
    return new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain RPC is unavailable', cause: error });
  }
  return new AppError('INTERNAL_ERROR', { cause: error });
}

/** Runs a chain call and rethrows its failure as an AppError. */
export async function withChainErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toChainError(error);
  }
}
