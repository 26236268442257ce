/**
 * When a market takes trades, stated once for the trading API (before a trade is created) and the chain executor
 * (before it is sent): OPEN, deployed on this chain, before its end time, and the outcome exists. Each rule answers
 * the AppError that refuses the trade, or null.
 */
import { AppError } from '../errors/app-error.js';
import type { MarketState } from './market-status.js';

/** What the trade and quote rules read of a market (a stored market is one). */
export interface RuledMarket {
  id: string;
  status: MarketState;
  /** Outcome labels; index = outcomeIndex. */
  outcomes: readonly string[];
  contractAddress: string | null;
  chainId: number | null;
  endTime: Date | null;
}

/** 400 VALIDATION_FAILED naming `outcomeIndex` when the market has no such outcome. */
export function outcomeOutOfRange(market: Pick<RuledMarket, 'outcomes'>, outcomeIndex: number): AppError | null {
  if (outcomeIndex < market.outcomes.length) return null;
  const message = `must be below ${market.outcomes.length}`;
  return new AppError('VALIDATION_FAILED', {
    detail: `outcomeIndex ${message}`,
    extensions: { field: 'outcomeIndex', location: 'body', errors: [{ field: 'outcomeIndex', message }] },
  });
}

/** 422 MARKET_NOT_TRADEABLE saying why, when trades cannot be placed on the market now; null when they can. */
export function marketNotTradeable(
  market: Pick<RuledMarket, 'id' | 'status' | 'contractAddress' | 'chainId' | 'endTime'>,
  context: { chainId: number; now: Date },
): AppError | null {
  const refuse = (why: string) =>
    new AppError('MARKET_NOT_TRADEABLE', {
      detail: `Market ${market.id} ${why}.`,
      extensions: { status: market.status },
    });
  if (market.status !== 'OPEN') return refuse(`is ${market.status.toLowerCase()}`);
  if (!market.contractAddress) return refuse('is not on chain');
  if (market.chainId !== null && market.chainId !== context.chainId) return refuse('is on another chain');
  if (market.endTime && market.endTime.getTime() <= context.now.getTime()) return refuse('has closed for trading');
  return null;
}
