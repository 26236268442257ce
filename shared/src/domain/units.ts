/**
 * The units money and shares are counted in (spec/public-read-api.md "Units"): USDC in atomic units (6 decimals,
 * see trade-amount.ts for the wire form), outcome tokens, prices and probabilities in WAD (18 decimals), public
 * volumes in whole cents. Conversions are exact bigint math up to the one final conversion to a number.
 */
export const WAD = 10n ** 18n;
/** WAD units in one USDC atomic unit (18 − 6 decimals). */
export const USDC_TO_WAD = 10n ** 12n;
/** USDC atomic units in one cent. */
export const USDC_ATOMIC_PER_CENT = 10_000n;

/** A WAD-18 fraction as a number (e.g. 0.25), within one unit in the last place of the nearest double. */
export function wadToNumber(wad: bigint): number {
  const whole = wad / WAD;
  return Number(whole) + Number(wad - whole * WAD) / 1e18;
}

/** USDC atomic units as whole cents, rounded down. */
export function usdcAtomicToCents(atomic: bigint): bigint {
  return atomic / USDC_ATOMIC_PER_CENT;
}

/** WAD-18 USDC per whole token: usdc (atomic-6) / tokens (WAD). 0 when no tokens changed hands. */
export function averagePriceWad(usdcAtomic: bigint, tokensWad: bigint): bigint {
  return tokensWad > 0n ? (usdcAtomic * USDC_TO_WAD * WAD) / tokensWad : 0n;
}
