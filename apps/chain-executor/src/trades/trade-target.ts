/*
 * Validation of a trade about to execute: the market is tradeable here (OPEN, with a contract on this chain, the
 * outcome exists) and the user has a smart account. A failure is the trade's catalogue code; a MySQL failure
 * throws (transient: retried).
 */
import { getAddress, type Address } from 'viem';
import { AppError } from '../../../../shared/src/errors/index.js';
import { findMarketById, findUserById, type Queryable, type TradeRecord } from '../../../../shared/src/db/index.js';

export interface TradeTarget {
  account: Address;
  market: Address;
}

/** The user's smart account, or SMART_ACCOUNT_MISSING. */
export async function resolveTradeAccount(db: Queryable, trade: TradeRecord): Promise<Address | AppError> {
  const user = await findUserById(db, trade.userId);
  if (!user?.smartAccountAddress) {
    return new AppError('SMART_ACCOUNT_MISSING', { detail: 'The user has no smart account to trade from' });
  }
  return getAddress(user.smartAccountAddress);
}

/** Where the trade executes, or the validation failure (an AppError) that fails it. */
export async function resolveTradeTarget(
  db: Queryable,
  trade: TradeRecord,
  chainId: number,
): Promise<TradeTarget | AppError> {
  const market = await findMarketById(db, trade.marketId);
  if (!market || !market.contractAddress || market.chainId !== chainId) {
    return new AppError('MARKET_NOT_TRADEABLE', { detail: 'The market is not tradeable on this chain' });
  }
  if (market.status !== 'OPEN') {
    return new AppError('MARKET_NOT_TRADEABLE', { detail: `The market is ${market.status.toLowerCase()}` });
  }
  if (trade.outcomeIndex >= market.outcomes.length) {
    return new AppError('VALIDATION_FAILED', { detail: `outcomeIndex must be below ${market.outcomes.length}` });
  }
  const account = await resolveTradeAccount(db, trade);
  if (account instanceof AppError) return account;
  return { account, market: getAddress(market.contractAddress) };
}
