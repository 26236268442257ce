/**
 * When a market can be quoted, stated once for the quote use cases of both APIs: the outcome exists, the market has
 * a contract, and the contract is on the chain being read. Each rule names its refusal (or null); each API words it
 * as its own error (public-read: 400 ValidationError / 404 NotFoundError, /v1: 400 VALIDATION_FAILED /
 * 422 MARKET_NOT_TRADEABLE).
 */
import { isAppError, type AppError } from '../errors/app-error.js';
import type { RuledMarket } from './market-rules.js';

/** A quoted amount is a uint256 of the contract: it must be below this (the API's pattern admits 78 digits). */
export const QUOTE_AMOUNT_LIMIT = 2n ** 256n;

export type QuoteRefusal =
  | { reason: 'outcome_out_of_range'; highestOutcomeIndex: number }
  | { reason: 'no_contract' }
  | { reason: 'other_chain' };

/** The outcome must exist: `outcomeIndex` from 0 to the market's last outcome. */
export function quoteOutcomeRefusal(market: Pick<RuledMarket, 'outcomes'>, outcomeIndex: number): QuoteRefusal | null {
  if (outcomeIndex < market.outcomes.length) return null;
  return { reason: 'outcome_out_of_range', highestOutcomeIndex: market.outcomes.length - 1 };
}

/**
 * The market must have a contract and, once the chain is known (`chainId`), be deployed on it. Without `chainId`
 * only the contract is checked (a caller that must refuse before it connects to the chain).
 */
export function quoteContractRefusal(
  market: Pick<RuledMarket, 'contractAddress' | 'chainId'>,
  chainId?: number,
): QuoteRefusal | null {
  if (!market.contractAddress) return { reason: 'no_contract' };
  if (chainId !== undefined && market.chainId !== null && market.chainId !== chainId) return { reason: 'other_chain' };
  return null;
}

/**
 * Whether a failed read of the quote views was caused by the request (an amount the pool refuses, more tokens than
 * exist: the chain layer's 4xx errors) rather than by the chain being unavailable.
 */
export function isRequestCausedQuoteFailure(error: unknown): error is AppError {
  return isAppError(error) && error.status >= 400 && error.status < 500;
}
