/**
 * Integer helpers with the exact rounding of OpenZeppelin's Math (sqrt, mulDiv, ceilDiv), for the AMM reference
 * model. Test-only code: production reads every number from the contract's views.
 */
export const WAD = 10n ** 18n;
export const USDC_TO_WAD = 10n ** 12n;
export const BPS = 10_000n;

/** floor(sqrt(n)) by Newton's method on bigint. */
export function sqrtFloor(n: bigint): bigint {
  if (n < 0n) throw new RangeError('sqrt of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // The float seed is close; settle exactly with Newton steps and a final adjustment.
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x - 1n && next <= x + 1n) {
      x = next;
      break;
    }
    x = next;
  }
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/** ceil(sqrt(n)). */
export function sqrtCeil(n: bigint): bigint {
  const root = sqrtFloor(n);
  return root * root < n ? root + 1n : root;
}

/** floor(x * y / d), or ceil when `ceil` is set. */
export function mulDiv(x: bigint, y: bigint, d: bigint, ceil = false): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const product = x * y;
  const quotient = product / d;
  return ceil && quotient * d !== product ? quotient + 1n : quotient;
}

/** ceil(a / b) for non-negative a, positive b. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return a === 0n ? 0n : (a - 1n) / b + 1n;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** Gives the rounding remainder of floored WAD shares to the largest entry (the first among equals). */
export function settleRemainder(parts: bigint[]): bigint[] {
  let largest = 0;
  let largestPart: bigint | undefined;
  let total = 0n;
  parts.forEach((part, index) => {
    total += part;
    if (largestPart === undefined || part > largestPart) [largest, largestPart] = [index, part];
  });
  return parts.map((part, index) => (index === largest ? part + WAD - total : part));
}
