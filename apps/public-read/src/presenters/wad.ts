import { usdcAtomicToCents, WAD, wadToNumber } from '#shared/domain/units.js';

/** A WAD-18 fraction (bigint or decimal string) as a 0..1 number. */
export function wadFraction(wad: string | bigint): number {
  return wadToNumber(BigInt(wad));
}

/** 1 − a WAD-18 fraction, computed exactly before the one conversion to a number. */
export function wadComplement(wad: string | bigint): number {
  return wadToNumber(WAD - BigInt(wad));
}

/** USDC atomic units (6 decimals) as whole cents, rounded down. */
export function atomicToCents(atomic: bigint): number {
  return Number(usdcAtomicToCents(atomic));
}

/** A time as Unix milliseconds, or null. */
export const unixMillis = (date: Date | null): number | null => (date === null ? null : date.getTime());

/** A time as whole Unix seconds. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
