import { isAddress, isHex, type Address, type Hex } from 'viem';
/*
 * Conversions between MySQL column values (as the mysql2 pool returns them: BIGINT/DECIMAL as strings,
 * DATETIME as UTC Dates, BOOLEAN as 0/1) and the typed values repositories hand out.
 */

/** BIGINT/DECIMAL(…,0) column → bigint (money and token amounts never become floats). */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`expected an integer column value, got ${String(value)}`);
}

export function toBigIntOrNull(value: unknown): bigint | null {
  return value === null || value === undefined ? null : toBigInt(value);
}

/** Counters and small integers (INT, or BIGINT that stays far below 2^53, e.g. volumes in cents). */
export function toInt(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new TypeError(`expected a safe integer column value, got ${String(value)}`);
  }
  return number;
}

export function toIntOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toInt(value);
}

export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  throw new TypeError(`expected a DATETIME column value, got ${String(value)}`);
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** Non-integer DECIMAL column (e.g. a 0..1 probability) → number; display values only, never money. */
export function toDecimalNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** A WAD-18 integer string as an exact decimal string: "500000000000000000" → "0.500000000000000000". */
export function wadToDecimalString(wad: string | bigint): string {
  const value = BigInt(wad);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(19, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -18)}.${digits.slice(-18)}`;
}

export function toStringOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A column that holds one of `values` (an ENUM, or a VARCHAR the code alone writes); anything else fails loudly. */
export function toOneOf<const T extends string>(values: readonly T[], value: unknown, column: string): T {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`${column} holds ${String(value)}, not one of ${values.join(', ')}`);
  return found;
}

/** An address column (any case) as viem's Address, or null; anything else fails loudly, naming the column. */
export function toAddressOrNull(value: unknown, column: string): Address | null {
  if (value === null || value === undefined) return null;
  return toAddress(value, column);
}

export function toAddress(value: unknown, column: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw new Error(`${column} holds ${String(value)}, not an address`);
  }
  return value;
}

/** A 0x-prefixed hex column (a transaction hash) as viem's Hex, or null; anything else fails loudly. */
export function toHexOrNull(value: unknown, column: string): Hex | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !isHex(value)) throw new Error(`${column} holds ${String(value)}, not hex`);
  return value;
}
