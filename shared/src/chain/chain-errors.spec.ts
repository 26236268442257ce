import { describe, expect, it } from '@jest/globals';
import type { BaseError } from 'viem';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  NonceTooLowError,
  TimeoutError,
  WaitForTransactionReceiptTimeoutError,
  type Abi,
} from 'viem';
import { marketAbi, smartAccountAbi, testUsdcAbi } from '../../contracts/artifacts/index.js';
import { AppError } from '../errors/app-error.js';
import { toChainError, withChainErrors } from './chain-errors.js';

/** A revert as viem reports it from a contract call: execution error → reverted error with the raw data. */
function reverted(callAbi: Abi, data: `0x${string}`): BaseError {
  const cause = new ContractFunctionRevertedError({ abi: callAbi, data, functionName: 'buy' });
  return new ContractFunctionExecutionError(cause, { abi: callAbi, functionName: 'buy', args: [] });
}

const marketError = (errorName: string, args: readonly unknown[] = []) =>
  reverted(smartAccountAbi as Abi, encodeErrorResult({ abi: marketAbi as Abi, errorName, args }));

describe('toChainError on contract reverts', () => {
  it('maps SlippageExceeded to 409 SLIPPAGE_EXCEEDED with actual and limit as decimal strings', () => {
    const error = toChainError(marketError('SlippageExceeded', [12345678901234567890n, 12345678901234567891n]));
    expect(error).toMatchObject({ code: 'SLIPPAGE_EXCEEDED', status: 409, retry: false });
    expect(error.extensions).toEqual({ actual: '12345678901234567890', limit: '12345678901234567891' });
  });

  it.each([
    ['MarketNotOpen', [1], 'MARKET_NOT_TRADEABLE', 'The market is frozen'],
    ['MarketNotOpen', [2], 'MARKET_NOT_TRADEABLE', 'The market is resolved'],
    ['TradingClosed', [1_700_000_000n], 'MARKET_NOT_TRADEABLE', 'Trading on this market has closed'],
    ['InsufficientBalance', [1n, 2n], 'INSUFFICIENT_BALANCE', expect.any(String)],
    ['NothingToRedeem', [], 'POSITION_NOT_CLAIMABLE', expect.any(String)],
    ['NotSettled', [0], 'POSITION_NOT_CLAIMABLE', 'The market is not resolved or cancelled yet'],
    ['NotWinningOutcome', [1n], 'POSITION_NOT_CLAIMABLE', 'This outcome did not win'],
    ['InvalidOutcome', [3n, 2n], 'VALIDATION_FAILED', 'outcomeIndex must be below 2'],
    ['ExceedsSupply', [2n, 1n], 'TRADE_AMOUNT_NOT_EXECUTABLE', expect.any(String)],
    ['InvalidStateTransition', [2, 1], 'MARKET_STATE_CONFLICT', expect.any(String)],
  ] as const)('maps %s(%p) to %s', (errorName, args, code, detail) => {
    expect(toChainError(marketError(errorName, args))).toMatchObject({ code, detail });
  });

  it('maps the SmartAccount guards: TradeIdAlreadyUsed and UnknownMarket', () => {
    const used = encodeErrorResult({
      abi: smartAccountAbi,
      errorName: 'TradeIdAlreadyUsed',
      args: [`0x${'ab'.repeat(32)}`],
    });
    expect(toChainError(reverted(smartAccountAbi as Abi, used))).toMatchObject({
      code: 'TRADE_ALREADY_EXECUTED',
      retry: false,
    });
    const unknown = encodeErrorResult({
      abi: smartAccountAbi,
      errorName: 'UnknownMarket',
      args: ['0x000000000000000000000000000000000000dEaD'],
    });
    expect(toChainError(reverted(smartAccountAbi as Abi, unknown))).toMatchObject({ code: 'MARKET_NOT_TRADEABLE' });
  });

  it('decodes a revert bubbled from USDC that the call ABI does not know (ERC20InsufficientBalance)', () => {
    const data = encodeErrorResult({
      abi: testUsdcAbi,
      errorName: 'ERC20InsufficientBalance',
      args: ['0x000000000000000000000000000000000000dEaD', 5n, 7n],
    });
    expect(toChainError(reverted(smartAccountAbi as Abi, data))).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      extensions: { balance: '5', needed: '7' },
    });
  });

  it('maps an unlisted custom error to 502 CHAIN_REVERTED naming only the error', () => {
    const data = encodeErrorResult({
      abi: smartAccountAbi,
      errorName: 'NotAuthorized',
      args: [`0x${'11'.repeat(20)}`],
    });
    const error = toChainError(reverted(smartAccountAbi as Abi, data));
    expect(error).toMatchObject({ code: 'CHAIN_REVERTED', status: 502, retry: false });
    expect(error.detail).toBe('The chain rejected the transaction (NotAuthorized)');
  });

  it('never shows a revert string or an unknown selector', () => {
    const withText = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error',
      args: ['internal secret text'],
    });
    const error = toChainError(reverted(marketAbi as Abi, withText));
    expect(error).toMatchObject({ code: 'CHAIN_REVERTED', detail: 'The chain rejected the transaction (Error)' });
    expect(JSON.stringify({ detail: error.detail, extensions: error.extensions })).not.toContain('secret');
    expect(toChainError(reverted(marketAbi as Abi, '0xdeadbeef'))).toMatchObject({
      code: 'CHAIN_REVERTED',
      extensions: { revert: 'unrecognised revert' },
    });
  });

  it('maps a call to an address without code to CHAIN_REVERTED', () => {
    const error = new ContractFunctionExecutionError(new ContractFunctionZeroDataError({ functionName: 'state' }), {
      abi: marketAbi as Abi,
      functionName: 'state',
    });
    expect(toChainError(error)).toMatchObject({ code: 'CHAIN_REVERTED' });
  });
});

describe('toChainError on infrastructure failures', () => {
  it.each([
    ['an HTTP failure', new HttpRequestError({ url: 'http://127.0.0.1:1', cause: new Error('ECONNREFUSED') })],
    ['a timeout', new TimeoutError({ body: {}, url: 'http://127.0.0.1:1' })],
    ['a nonce race', new NonceTooLowError()],
    ['a receipt timeout', new WaitForTransactionReceiptTimeoutError({ hash: `0x${'00'.repeat(32)}` })],
    ['no gas money', new InsufficientFundsError()],
  ])('maps %s to 503 DEPENDENCY_UNAVAILABLE with retry', (_name, cause) => {
    const wrapped = new ContractFunctionExecutionError(cause, {
      abi: marketAbi as Abi,
      functionName: 'state',
      args: [],
    });
    expect(toChainError(wrapped)).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', status: 503, retry: true });
  });

  it('names a nonce taken by another sender of the key a clash, not an RPC outage', () => {
    expect(toChainError(new NonceTooLowError())).toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      detail: expect.stringMatching(/nonce was taken by another transaction/),
      extensions: { nonce: 'conflict' },
    });
  });

  it('keeps our own AppError raised inside a viem call (a fenced broadcast)', () => {
    const fenced = new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'Not signing with 0x1: its lock was lost' });
    // cast: viem types a call's cause as BaseError, but any value a transport throws (here the fence's) becomes one
    const wrapped = new ContractFunctionExecutionError(fenced as unknown as BaseError, {
      abi: marketAbi as Abi,
      functionName: 'state',
      args: [],
    });
    expect(toChainError(wrapped)).toBe(fenced);
  });

  it('keeps an AppError and turns a non-viem failure into INTERNAL_ERROR', () => {
    const appError = new AppError('RESOURCE_NOT_FOUND');
    expect(toChainError(appError)).toBe(appError);
    expect(toChainError(new Error('bug'))).toMatchObject({ code: 'INTERNAL_ERROR', retry: false });
  });

  it('rethrows through withChainErrors with the viem error as cause', async () => {
    const cause = new TimeoutError({ body: {}, url: 'http://x' });
    const error = await withChainErrors(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', cause });
  });
});
