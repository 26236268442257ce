/**
 * Contract custom errors → AppError. Every Foretell contract reverts with a custom error (shared/contracts/README.md);
 * this table gives each one a catalogue code and a client-safe detail. Raw revert strings never reach a client:
 * anything unlisted becomes CHAIN_REVERTED naming only the error.
 */
import type { Abi, Hex } from 'viem';
import { decodeErrorResult } from 'viem';
import {
  marketAbi,
  marketFactoryAbi,
  operatorRegistryAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
  testUsdcAbi,
} from '../../contracts/artifacts/index.js';
import { AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/error-catalogue.js';
import { marketStateFromIndex } from './market-state.js';

export interface DecodedRevert {
  errorName: string;
  args: readonly unknown[];
}

/** Every custom error of every Foretell contract (and OpenZeppelin's ERC-20 errors), for decoding bubbled reverts. */
export const foretellErrorsAbi: Abi = (() => {
  const seen = new Set<string>();
  const errors: Abi[number][] = [];
  const abis: readonly Abi[] = [
    marketAbi,
    marketFactoryAbi,
    smartAccountAbi,
    smartAccountFactoryAbi,
    testUsdcAbi,
    operatorRegistryAbi,
  ];
  for (const abi of abis) {
    for (const item of abi) {
      if (item.type !== 'error') continue;
      const key = `${item.name}(${item.inputs.map((input) => input.type).join(',')})`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(item);
    }
  }
  return errors;
})();

/** Decodes raw revert data against every Foretell error; undefined when the selector is unknown. */
export function decodeRevertData(data: Hex | undefined): DecodedRevert | undefined {
  if (!data || data === '0x') return undefined;
  try {
    const decoded = decodeErrorResult({ abi: foretellErrorsAbi, data });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => String(value);

type RevertMapper = (args: readonly unknown[]) => AppError;

/** Mappers of the errors that carry nothing worth showing: one code, one fixed detail each. */
const fixed =
  (code: ErrorCode) =>
  (detail: string): RevertMapper =>
  () =>
    new AppError(code, { detail });
const amountNotExecutable = fixed('TRADE_AMOUNT_NOT_EXECUTABLE');
const stateConflict = fixed('MARKET_STATE_CONFLICT');
const invalidInput = fixed('VALIDATION_FAILED');
const notClaimable = fixed('POSITION_NOT_CLAIMABLE');

const revertMappers: Record<string, RevertMapper> = {
  SlippageExceeded: ([actual, limit]) =>
    new AppError('SLIPPAGE_EXCEEDED', {
      detail: 'The price moved beyond the slippage tolerance before the trade executed',
      extensions: { actual: text(actual), limit: text(limit) },
    }),
  MarketNotOpen: ([state]) =>
    new AppError('MARKET_NOT_TRADEABLE', {
      detail: `The market is ${marketStateFromIndex(Number(state)).toLowerCase()}`,
    }),
  TradingClosed: () => new AppError('MARKET_NOT_TRADEABLE', { detail: 'Trading on this market has closed' }),
  UnknownMarket: () =>
    new AppError('MARKET_NOT_TRADEABLE', { detail: 'The address is not a market of this platform on this chain' }),
  InsufficientBalance: ([balance, needed]) =>
    new AppError('INSUFFICIENT_BALANCE', {
      detail: 'The smart account holds fewer outcome tokens than the trade needs',
      extensions: { balance: text(balance), needed: text(needed) },
    }),
  ERC20InsufficientBalance: ([, balance, needed]) =>
    new AppError('INSUFFICIENT_BALANCE', {
      detail: 'The smart account holds less USDC than the trade needs',
      extensions: { balance: text(balance), needed: text(needed) },
    }),
  NothingToRedeem: notClaimable('The smart account holds no tokens of this outcome'),
  NotSettled: notClaimable('The market is not resolved or cancelled yet'),
  NotWinningOutcome: notClaimable('This outcome did not win'),
  TradeIdAlreadyUsed: () =>
    new AppError('TRADE_ALREADY_EXECUTED', { detail: 'This trade id has already executed on-chain' }),
  DeadlinePassed: ([deadline]) =>
    new AppError('EXECUTION_TIMEOUT', {
      detail: 'The trade was not mined before its execution deadline; it can never execute',
      extensions: { deadline: new Date(Number(deadline) * 1000).toISOString() },
    }),
  // The executor's signer was revoked (or never registered): nothing executed; another signer may send it.
  NotSigner: () =>
    new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The executor signer is not registered in the OperatorRegistry' }),
  InvalidOutcome: ([, count]) =>
    new AppError('VALIDATION_FAILED', { detail: `outcomeIndex must be below ${text(count)}` }),
  ZeroAmount: amountNotExecutable('The amount must be greater than zero'),
  AmountTooLarge: amountNotExecutable('The amount is too large'),
  ZeroOutput: amountNotExecutable('The amount is too small to produce any output'),
  ExceedsSupply: amountNotExecutable('The amount exceeds the outcome supply'),
  SupplyCapExceeded: amountNotExecutable('The trade would exceed the outcome supply cap'),
  UnreachableOutput: amountNotExecutable('The market cannot pay this amount for the outcome'),
  InsufficientLiquidity: amountNotExecutable('The trade would empty the market'),
  InvalidStateTransition: stateConflict('The market state does not allow this action'),
  CancelNotAllowed: stateConflict('Only the platform may cancel the market before the grace period ends'),
  NoWinningSupply: stateConflict('No tokens of the winning outcomes exist; cancel the market instead'),
  InvalidWinners: invalidInput('Winners must be distinct, increasing, valid outcome indexes'),
  InvalidWeights: invalidInput('Weights must each be at least 0.01 % and sum to 1'),
  InvalidOutcomeCount: invalidInput('A market needs 2 to 100 outcomes'),
  ReserveTooSmall: invalidInput('The initial reserve is below the minimum'),
  ReserveTooLarge: invalidInput('The initial reserve is above the maximum'),
  InvalidResolveTime: invalidInput('The resolve time must lie in the future'),
};

/** AppError for a decoded revert; CHAIN_REVERTED (502, no retry) naming the error when it has no mapping. */
export function appErrorFromRevert(revert: DecodedRevert | undefined, cause?: unknown): AppError {
  const name = revert?.errorName;
  const mapper = name === undefined ? undefined : revertMappers[name];
  if (revert && mapper) {
    const mapped = mapper(revert.args);
    return new AppError(mapped.code, { detail: mapped.detail, extensions: mapped.extensions, cause });
  }
  // Error(string) and Panic carry free text or codes: name the kind, never the text.
  const shown = name === undefined ? 'unrecognised revert' : name;
  return new AppError('CHAIN_REVERTED', {
    detail: `The chain rejected the transaction (${shown})`,
    extensions: { revert: shown },
    cause,
  });
}
