/**
 * The client's price limit on the executor's side (issue 31, decision 0041): the bound `limitPrice` puts on the
 * trade's guard (chain/trade-guards.ts), and which on-chain refusals are the limit's. The market reverts every guard
 * alike (`SlippageExceeded(actual, limit)`); when the guard it names is the limit's bound, the limit refused the
 * trade and it fails PRICE_LIMIT_EXCEEDED instead of SLIPPAGE_EXCEEDED. The sandbox's `price_limit` sends the guard
 * no state can meet (as `slippage` does, simulated-sends.ts) and owns it as its limit.
 */
import { maxUint256 } from 'viem';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { storedTradeSimulation } from '#shared/domain/trade-simulation.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import { limitBound } from '../chain/trade-guards.js';

type LimitedTrade = Pick<TradeRecord, 'side' | 'amountAtomic' | 'limitPrice'>;

/** The bound of the trade's limit on its guard (buy: least tokens out; sell: most tokens in); undefined without one. */
export function limitBoundOf(trade: LimitedTrade): bigint | undefined {
  return trade.limitPrice === null ? undefined : limitBound(trade.side, trade.amountAtomic, trade.limitPrice);
}

/** The guard no state can meet: a buy of 2^256 − 1 token wei, a sell for zero tokens. */
export const unreachableGuard = (side: TradeRecord['side']): bigint => (side === 'buy' ? maxUint256 : 0n);

/** `error` as the limit's refusal when it is a SLIPPAGE_EXCEEDED revert of the limit's guard (see the file comment). */
export function asPriceLimitRefusal<E>(trade: LimitedTrade & Pick<TradeRecord, 'simulation'>, error: E): E | AppError {
  if (!isAppError(error) || error.code !== 'SLIPPAGE_EXCEEDED') return error;
  const bound =
    storedTradeSimulation(trade.simulation)?.kind === 'price_limit'
      ? unreachableGuard(trade.side)
      : limitBoundOf(trade);
  if (bound === undefined || error.extensions.limit !== bound.toString()) return error;
  return new AppError('PRICE_LIMIT_EXCEEDED', {
    detail: 'The price moved beyond the trade’s limitPrice before it executed',
    extensions: error.extensions,
  });
}
