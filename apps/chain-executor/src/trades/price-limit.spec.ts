import { describe, expect, it } from '@jest/globals';
import { maxUint256 } from 'viem';
import { AppError } from '#shared/errors/app-error.js';
import { limitBound } from '../chain/trade-guards.js';
import { asPriceLimitRefusal, limitBoundOf } from './price-limit.js';

const slippage = (limit: bigint) =>
  new AppError('SLIPPAGE_EXCEEDED', {
    detail: 'moved',
    extensions: { actual: '1', limit: `${limit}`, txHash: '0xab' },
  });
const buy = { side: 'buy' as const, amountAtomic: 5_000_000n, limitPrice: 600_000n, simulation: null };

describe('the price limit’s refusals', () => {
  it('reads a revert of the limit’s own guard as PRICE_LIMIT_EXCEEDED, keeping the revert’s extensions', () => {
    const bound = limitBound('buy', 5_000_000n, 600_000n);
    expect(limitBoundOf(buy)).toBe(bound);
    expect(asPriceLimitRefusal(buy, slippage(bound))).toMatchObject({
      code: 'PRICE_LIMIT_EXCEEDED',
      status: 409,
      extensions: { limit: `${bound}`, txHash: '0xab' },
    });
  });

  it('leaves a revert of the slippage guard, a trade without a limit and every other error as they are', () => {
    const other = slippage(123n);
    expect(asPriceLimitRefusal(buy, other)).toBe(other);
    const unlimited = { ...buy, limitPrice: null };
    expect(limitBoundOf(unlimited)).toBeUndefined();
    const bound = slippage(limitBound('buy', 5_000_000n, 600_000n));
    expect(asPriceLimitRefusal(unlimited, bound)).toBe(bound);
    const balance = new AppError('INSUFFICIENT_BALANCE', { detail: 'short' });
    expect(asPriceLimitRefusal(buy, balance)).toBe(balance);
  });

  it('owns the unreachable guard for the sandbox’s price_limit, and not for its slippage', () => {
    const unreachable = slippage(maxUint256);
    expect(asPriceLimitRefusal({ ...buy, simulation: 'price_limit' }, unreachable)).toMatchObject({
      code: 'PRICE_LIMIT_EXCEEDED',
    });
    expect(asPriceLimitRefusal({ ...buy, simulation: 'slippage' }, unreachable)).toBe(unreachable);
    const sell = { ...buy, side: 'sell' as const, simulation: 'price_limit' };
    expect(asPriceLimitRefusal(sell, slippage(0n))).toMatchObject({ code: 'PRICE_LIMIT_EXCEEDED' });
  });
});
