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
