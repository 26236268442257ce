/*
 * Validation of a trade about to execute: the market takes trades here (shared/src/domain/market-rules.ts) and the
 * user has a smart account. A failure is the trade's catalogue code; a MySQL failure
 * throws (transient: retried).
 */
import { getAddress, type Address } from 'viem';
import { marketNotTradeable, outcomeOutOfRange } from '#shared/domain/market-rules.js';
import { AppError } from '#shared/errors/app-error.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import type { TradeReads } from './trade-reads.js';

export interface TradeTarget {
  account: Address;
  market: Address;
}

/** The user's smart account, or SMART_ACCOUNT_MISSING. */
export async function resolveTradeAccount(
  reads: Pick<TradeReads, 'user'>,
  trade: TradeRecord,
): Promise<Address | AppError> {
  const user = await reads.user(trade.userId);
  if (!user?.smartAccountAddress) {
    return new AppError('SMART_ACCOUNT_MISSING', { detail: 'The user has no smart account to trade from' });
  }
  return getAddress(user.smartAccountAddress);
}

/** Where the trade executes, or the validation failure (an AppError) that fails it. */
export async function resolveTradeTarget(
  reads: Pick<TradeReads, 'market' | 'user'>,
  trade: TradeRecord,
  context: { chainId: number; now: Date },
): Promise<TradeTarget | AppError> {
  const market = await reads.market(trade.marketId);
  if (!market) return new AppError('MARKET_NOT_TRADEABLE', { detail: `Market ${trade.marketId} no longer exists` });
  const refusal = marketNotTradeable(market, context) ?? outcomeOutOfRange(market, trade.outcomeIndex);
  if (refusal) return refusal;
  // marketNotTradeable already refuses a market without a contract; this narrows the type the same way.
  if (!market.contractAddress) {
    return new AppError('MARKET_NOT_TRADEABLE', { detail: 'The market has no contract on this chain yet' });
  }
  const account = await resolveTradeAccount(reads, trade);
  if (account instanceof AppError) return account;
  return { account, market: getAddress(market.contractAddress) };
}
