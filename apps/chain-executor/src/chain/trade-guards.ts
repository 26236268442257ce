/**
 * Guards every trade carries on-chain (DESIGN.md §5), computed from a fresh quote and a slippage tolerance in
 * basis points: a minimum output (buy `minTokensOut`, sell `minUsdcOut`) rounds down, a maximum input
 * (`sellForExactUsdc` `maxTokensIn`) rounds up, so the tolerance never shrinks through rounding.
 */
import { AppError } from '#shared/errors/app-error.js';

export const BPS = 10_000n;
/** Default tolerance when the caller sets none: 1 %. */
export const DEFAULT_SLIPPAGE_BPS = 100;

function checkedBps(slippageBps: number): bigint {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps >= 10_000) {
    throw new AppError('VALIDATION_FAILED', { detail: 'slippage tolerance must be an integer from 0 to 9999 bps' });
  }
  return BigInt(slippageBps);
}

/** ⌊quoted · (1 − bps/10⁴)⌋: the least output accepted. */
export function minimumOutput(quoted: bigint, slippageBps: number): bigint {
  return (quoted * (BPS - checkedBps(slippageBps))) / BPS;
}

/** ⌈quoted · (1 + bps/10⁴)⌉: the most input spent. */
export function maximumInput(quoted: bigint, slippageBps: number): bigint {
  const scaled = quoted * (BPS + checkedBps(slippageBps));
  return (scaled + BPS - 1n) / BPS;
}

/** Outcome tokens are WAD (10¹⁸ per token); a limit price is USDC atomic (10⁶) per whole token. */
const WAD = 10n ** 18n;

/**
 * The bound a client's `limitPrice` (USDC atomic per token) puts on a trade's guard, so that the average price is
 * within it: a buy of `amount` USDC must get at least ⌈amount·10¹⁸ / limit⌉ token wei (it pays at most `limit` per
 * token); an exact-USDC sell receiving `amount` may give at most ⌊amount·10¹⁸ / limit⌋ (it receives at least `limit`).
 */
export function limitBound(side: 'buy' | 'sell', amount: bigint, limitPrice: bigint): bigint {
  const scaled = amount * WAD;
  return side === 'buy' ? (scaled + limitPrice - 1n) / limitPrice : scaled / limitPrice;
}

/**
 * The guard a trade carries from its fresh quote (`quoted`: buy tokens out, sell tokens in): the slippage guard,
 * tightened to the client's `limit` bound (limitBound) when that is stricter. A quote that already misses the limit
 * can only revert: PRICE_LIMIT_EXCEEDED before anything is sent.
 */
export function tradeGuard(
  trade: { side: 'buy' | 'sell'; slippageBps: number; limit?: bigint | undefined },
  quoted: bigint,
): bigint {
  const buying = trade.side === 'buy';
  const slippage = buying ? minimumOutput(quoted, trade.slippageBps) : maximumInput(quoted, trade.slippageBps);
  const { limit } = trade;
  if (limit === undefined) return slippage;
  if (buying ? quoted < limit : quoted > limit) {
    throw new AppError('PRICE_LIMIT_EXCEEDED', {
      detail: 'The price is beyond the trade’s limitPrice: nothing was sent',
      extensions: { quoted: quoted.toString(), limit: limit.toString() },
    });
  }
  return buying ? (limit > slippage ? limit : slippage) : limit < slippage ? limit : slippage;
}
