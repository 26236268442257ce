/**
 * Trade amounts (spec/trading-api.md "Formats"): a decimal string of whole stablecoin units with at most 6 decimals
 * on the wire, bigint USDC atomic units (1 USDC = 1 000 000) everywhere in code. Never a float.
 */
import { AppError } from '../errors/app-error.js';

export const USDC_DECIMALS = 6;
export const USDC_ATOMIC_PER_UNIT = 1_000_000n;

const DECIMAL_AMOUNT = /^(\d+)(?:\.(\d{1,6}))?$/;

/**
 * The largest USDC amount (atomic) a BIGINT column holds: every stored cap and balance figure is at most this, so a
 * trade above it is above its key's per-trade cap (409), not malformed.
 */
export const MAX_STORED_USDC_ATOMIC = 2n ** 63n - 1n;

/**
 * `"1.5"` → 1 500 000n. Throws VALIDATION_FAILED for anything but a positive amount of the wire format; any number
 * of whole digits parses (the caller bounds the text: the API's schema allows 32 characters).
 */
export function parseUsdcAmount(text: string, field = 'amount'): bigint {
  const match = DECIMAL_AMOUNT.exec(text);
  const whole = match?.[1];
  if (!match || whole === undefined) {
    throw invalidBodyMember(field, 'must be a decimal string of whole units with at most 6 decimals');
  }
  const fraction = (match[2] ?? '').padEnd(USDC_DECIMALS, '0');
  const atomic = BigInt(whole) * USDC_ATOMIC_PER_UNIT + BigInt(fraction);
  if (atomic <= 0n) throw invalidBodyMember(field, 'must be greater than zero');
  return atomic;
}

/** 1 500 000n → `"1.5"`; whole amounts have no dot (`"25000"`). The canonical wire form of an atomic amount. */
export function formatUsdcAmount(atomic: bigint): string {
  const sign = atomic < 0n ? '-' : '';
  const magnitude = atomic < 0n ? -atomic : atomic;
  const whole = magnitude / USDC_ATOMIC_PER_UNIT;
  const fraction = (magnitude % USDC_ATOMIC_PER_UNIT).toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Whole units → atomic (tier caps are written in whole units). */
export const usdc = (wholeUnits: number | bigint): bigint => BigInt(wholeUnits) * USDC_ATOMIC_PER_UNIT;

/** 400 VALIDATION_FAILED naming the body member `field`: `<field> <message>`. */
export function invalidBodyMember(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    detail: `${field} ${message}`,
    extensions: { field, location: 'body', errors: [{ field, message }] },
  });
}
