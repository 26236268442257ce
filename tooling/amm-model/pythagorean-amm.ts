/**
 * Bigint reference model of the weighted Pythagorean AMM in shared/contracts/src (Market + PythagoreanMath),
 * mirroring every rounding step so that tests can demand exact equality with the contract's views.
 * Units: USDC atomic-6; reserve, supplies, weights, c, prices and shares WAD-18; sumSq = Σ a_i·s_i² exact (1e54).
 */
import {
  BPS,
  ceilDiv,
  maxBig,
  minBig,
  mulDiv,
  settleRemainder,
  sqrtCeil,
  sqrtFloor,
  USDC_TO_WAD,
  WAD,
} from './fixed-point.js';

export const BUY_FEE_BPS = 100n;
export const SELL_AMM_FEE_BPS = 100n;
export const SELL_PROTOCOL_FEE_BPS = 100n;
export const MAX_SUPPLY = 2n ** 96n;
const MAX_NORM = 2n ** 126n;

export interface AmmState {
  weights: readonly bigint[];
  supplies: readonly bigint[];
  /** WAD, always a multiple of 1e12. */
  reserve: bigint;
}

export interface BuyQuote {
  tokensOut: bigint;
  fee: bigint;
  reserveAfter: bigint;
  c: bigint;
  pAfter: bigint[];
  qAfter: bigint[];
  next: AmmState;
}

export interface SellQuote {
  usdcOut: bigint;
  grossRelease: bigint;
  ammFee: bigint;
  protocolFee: bigint;
  reserveAfter: bigint;
  c: bigint;
  pAfter: bigint[];
  qAfter: bigint[];
  next: AmmState;
}

export class SupplyCapExceeded extends Error {}

/** Outcome `outcome`'s entry of a per-outcome array (supplies, weights); an index outside the market's outcomes is a
 * caller's bug and throws. */
function outcomeAt<T>(values: readonly T[], outcome: number): T {
  const value = values[outcome];
  if (value === undefined) throw new RangeError(`no outcome ${outcome} in a market of ${values.length}`);
  return value;
}

/** A freshly seeded market: every supply equals the reserve in WAD, so prices equal weights and c = 1e18. */
export function seedMarket(weights: readonly bigint[], initialReserveUsdc: bigint): AmmState {
  const seed = initialReserveUsdc * USDC_TO_WAD;
  return { weights, supplies: weights.map(() => seed), reserve: seed };
}

export function sumSq(state: AmmState): bigint {
  return state.weights.reduce((sum, weight, i) => sum + weight * outcomeAt(state.supplies, i) ** 2n, 0n);
}

export function sumLin(state: AmmState): bigint {
  return state.weights.reduce((sum, weight, i) => sum + weight * outcomeAt(state.supplies, i), 0n);
}

/** c = R / N in WAD. */
export function coefficient(reserve: bigint, squares: bigint): bigint {
  return squares === 0n ? 0n : mulDiv(reserve, 10n ** 27n, sqrtFloor(squares));
}

export function buyFee(usdcIn: bigint): bigint {
  return ceilDiv(usdcIn * BUY_FEE_BPS, BPS);
}

export function sellFees(grossUsdc: bigint): { ammFee: bigint; protocolFee: bigint } {
  const feeBps = SELL_AMM_FEE_BPS + SELL_PROTOCOL_FEE_BPS;
  const total = ceilDiv(grossUsdc * feeBps, BPS);
  const protocolFee = (total * SELL_PROTOCOL_FEE_BPS) / feeBps;
  return { ammFee: total - protocolFee, protocolFee };
}

export function netOfGross(grossUsdc: bigint): bigint {
  const { ammFee, protocolFee } = sellFees(grossUsdc);
  return grossUsdc - ammFee - protocolFee;
}

/** pAfter (a_i·s_i / Σ a_j·s_j) and qAfter (a_i·s_i² / A), each summing to exactly 1e18. */
export function priceArrays(state: AmmState): { p: bigint[]; q: bigint[] } {
  const linear = sumLin(state);
  const squares = sumSq(state);
  const p = state.weights.map((w, i) => (linear === 0n ? w : mulDiv(w * outcomeAt(state.supplies, i), WAD, linear)));
  const q = state.weights.map((w, i) =>
    squares === 0n ? w : mulDiv(w * outcomeAt(state.supplies, i) ** 2n, WAD, squares),
  );
  return { p: settleRemainder(p), q: settleRemainder(q) };
}

function withSupply(state: AmmState, outcome: number, supply: bigint, reserve: bigint): AmmState {
  return { weights: state.weights, supplies: state.supplies.map((s, i) => (i === outcome ? supply : s)), reserve };
}

/** Mirrors PythagoreanMath.buySupply: new s_i after adding `netWad` to the reserve at constant c. */
export function buySupply(state: AmmState, outcome: number, netWad: bigint): bigint {
  const supply = outcomeAt(state.supplies, outcome);
  const weight = outcomeAt(state.weights, outcome);
  const squares = sumSq(state);
  if (netWad === 0n || state.reserve === 0n || squares === 0n) return supply;
  const normAfter = mulDiv(sqrtFloor(squares), state.reserve + netWad, state.reserve);
  if (normAfter > MAX_NORM) throw new SupplyCapExceeded();
  const target = normAfter * normAfter;
  if (target <= squares) return supply;
  const others = squares - weight * supply * supply;
  const squared = (target - others) / weight;
  if (squared > MAX_SUPPLY * MAX_SUPPLY) throw new SupplyCapExceeded();
  return maxBig(sqrtFloor(squared), supply);
}

export function quoteBuy(state: AmmState, outcome: number, usdcIn: bigint): BuyQuote {
  const fee = buyFee(usdcIn);
  const net = usdcIn - fee;
  const reserveAfter = state.reserve + net * USDC_TO_WAD;
  const newSupply = buySupply(state, outcome, net * USDC_TO_WAD);
  const next = withSupply(state, outcome, newSupply, reserveAfter);
  const { p, q } = priceArrays(next);
  const tokensOut = newSupply - outcomeAt(state.supplies, outcome);
  return { tokensOut, fee, reserveAfter, c: coefficient(reserveAfter, sumSq(next)), pAfter: p, qAfter: q, next };
}

/** Mirrors PythagoreanMath.sellRelease: the curve's WAD release R − c·N' of selling `tokensIn` (0 if it would empty
 * the curve); the seller's gross before fees is its floor in atomic units. */
export function sellRelease(
  state: AmmState,
  outcome: number,
  tokensIn: bigint,
): { grossWad: bigint; squaresAfter: bigint } {
  const supply = outcomeAt(state.supplies, outcome);
  const weight = outcomeAt(state.weights, outcome);
  const squares = sumSq(state);
  const squaresAfter = squares - weight * tokensIn * (2n * supply - tokensIn);
  if (squaresAfter === 0n || tokensIn === 0n) return { grossWad: 0n, squaresAfter };
  const kept = mulDiv(state.reserve, sqrtCeil(squaresAfter), sqrtFloor(squares), true);
  return { grossWad: kept >= state.reserve ? 0n : state.reserve - kept, squaresAfter };
}

/** Mirrors PythagoreanMath.reserveAfterSell: c·N' (`kept`) rounded down to whole atomic units, less one unit. */
export function reserveAfterSell(kept: bigint): bigint {
  const units = kept / USDC_TO_WAD;
  return units === 0n ? 0n : (units - 1n) * USDC_TO_WAD;
}

/**
 * Mirrors MarketViews._sellAmounts: the seller gets the curve's release R − c·N' floored to atomic units, less the
 * 2 % fee; the reserve keeps reserveAfterSell(c·N') and the rest (both fees and the rounding) goes to the treasury.
 */
export function sellAmounts(state: AmmState, outcome: number, tokensIn: bigint) {
  const { grossWad: curve, squaresAfter } = sellRelease(state, outcome, tokensIn);
  if (tokensIn === 0n || squaresAfter === 0n) {
    return { usdcOut: 0n, ammFee: 0n, protocolFee: 0n, reserveAfter: state.reserve, squaresAfter };
  }
  const grossUsdc = curve / USDC_TO_WAD;
  const { ammFee, protocolFee } = sellFees(grossUsdc);
  const reserveAfter = reserveAfterSell(state.reserve - curve);
  const rounding = (state.reserve - reserveAfter) / USDC_TO_WAD - grossUsdc;
  return {
    usdcOut: grossUsdc - ammFee - protocolFee,
    ammFee: ammFee + rounding,
    protocolFee,
    reserveAfter,
    squaresAfter,
  };
}

export function quoteSell(state: AmmState, outcome: number, tokensIn: bigint): SellQuote {
  const supply = outcomeAt(state.supplies, outcome);
  if (tokensIn > supply) throw new RangeError('tokensIn exceeds supply');
  const { usdcOut, ammFee, protocolFee, reserveAfter, squaresAfter } = sellAmounts(state, outcome, tokensIn);
  const next = withSupply(state, outcome, supply - tokensIn, reserveAfter);
  const { p, q } = priceArrays(next);
  const c = coefficient(reserveAfter, squaresAfter);
  const grossRelease = state.reserve - reserveAfter;
  return { usdcOut, grossRelease, ammFee, protocolFee, reserveAfter, c, pAfter: p, qAfter: q, next };
}

/** Net USDC of selling `tokensIn`; 0 when the sale would empty the curve. */
export function sellNet(state: AmmState, outcome: number, tokensIn: bigint): bigint {
  const { grossWad, squaresAfter } = sellRelease(state, outcome, tokensIn);
  return squaresAfter === 0n ? 0n : netOfGross(grossWad / USDC_TO_WAD);
}

/** Tokens that can be sold without emptying the curve. */
export function sellableSupply(state: AmmState, outcome: number): bigint {
  const supply = outcomeAt(state.supplies, outcome);
  return outcomeAt(state.weights, outcome) * supply * supply === sumSq(state) && supply > 0n ? supply - 1n : supply;
}

/**
 * Fewest tokens whose sale pays at least `usdcOutNet` (plain bisection: the minimum is unique because net(t) is
 * monotonic, whatever search the contract uses). Returns undefined when the outcome's supply cannot pay it.
 */
export function minTokensIn(state: AmmState, outcome: number, usdcOutNet: bigint): bigint | undefined {
  const sellable = sellableSupply(state, outcome);
  if (sellNet(state, outcome, sellable) < usdcOutNet) return undefined;
  let lo = 0n;
  let hi = sellable;
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    if (sellNet(state, outcome, mid) >= usdcOutNet) hi = mid;
    else lo = mid;
  }
  return usdcOutNet === 0n ? 0n : hi;
}

/** Resolved payout (atomic) of `tokens` winning tokens. */
export function resolvedPayout(finalReserve: bigint, winningSupply: bigint, tokens: bigint): bigint {
  return mulDiv(finalReserve, tokens, winningSupply) / USDC_TO_WAD;
}

/** Cancelled refund (atomic) of `tokens` tokens of `outcome`: tokens · R·a_i·s_i / A. */
export function cancelledRefund(state: AmmState, outcome: number, tokens: bigint): bigint {
  const weighted = outcomeAt(state.weights, outcome) * outcomeAt(state.supplies, outcome);
  return mulDiv(state.reserve, weighted * tokens, sumSq(state)) / USDC_TO_WAD;
}

export { minBig, maxBig };
