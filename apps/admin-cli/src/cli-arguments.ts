/**
 * Parsers for the operator's flag values. Each turns a string into a typed value or throws VALIDATION_FAILED
 * (exit 2) naming the flag. Money never passes through a float: USDC decimals become atomic bigints by string math.
 */
import {
  formatUsdcAmount,
  MAX_STORED_USDC_ATOMIC,
  parseUsdcAmount as parseWireUsdcAmount,
  USDC_DECIMALS,
} from '#shared/domain/trade-amount.js';
import { getAddress, isAddress, zeroAddress, type Address } from 'viem';
import { z } from 'zod';
import { AppError } from '#shared/errors/app-error.js';

/** `user@domain.tld`: one @, no spaces, a dot in the domain; the column holds 254 characters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const invalid = (detail: string): AppError => new AppError('VALIDATION_FAILED', { detail });

/**
 * "12.5" → 12_500_000n: the API's amount rules (shared/src/domain), with the message naming the flag, up to what the
 * USDC columns hold.
 */
export function parseUsdcAmount(text: string, flag = '--amount'): bigint {
  let atomic: bigint;
  try {
    atomic = parseWireUsdcAmount(text.trim(), flag);
  } catch {
    throw invalid(
      `${flag} must be a decimal USDC amount above zero with at most 6 decimals, e.g. 25 or 0.5 (got "${text}")`,
    );
  }
  if (atomic > MAX_STORED_USDC_ATOMIC) {
    throw invalid(`${flag} must be at most ${formatUsdcAmount(MAX_STORED_USDC_ATOMIC)} USDC (got "${text}")`);
  }
  return atomic;
}

/** 12_500_000n → "12.500000" (always 6 decimals, as a decimal string on the wire). */
export function formatUsdc(atomic: bigint): string {
  const negative = atomic < 0n;
  const digits = (negative ? -atomic : atomic).toString().padStart(USDC_DECIMALS + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -USDC_DECIMALS)}.${digits.slice(-USDC_DECIMALS)}`;
}

/** A page size: an integer from 1 to `max`. */
export function parseLimit(text: string, max = 1_000): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw invalid(`--limit must be an integer from 1 to ${max} (got "${text}")`);
  }
  return value;
}

/** A trimmed, lower-cased email address. */
export function parseEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email))
    throw invalid(`--email must be an email address (got "${text}")`);
  return email;
}

/** What a TEXT column of utf8mb4 holds: 65,535 bytes of UTF-8, however many characters that is. */
export const TEXT_COLUMN_BYTES = 65_535;

/** Trimmed text of 1 to `maxChars` characters: a VARCHAR(maxChars) of utf8mb4 counts code points, not UTF-16 units. */
export function parseShortText(text: string, flag: string, maxChars: number): string {
  const trimmed = text.trim();
  const characters = [...trimmed].length;
  if (characters === 0 || characters > maxChars) {
    throw invalid(`${flag} must be 1 to ${maxChars} characters (got ${characters})`);
  }
  return trimmed;
}

/** Text kept as given (markdown) that fits a column of `maxBytes` bytes of UTF-8. */
export function parseLongText(text: string, flag: string, maxBytes = TEXT_COLUMN_BYTES): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) throw invalid(`${flag} must be at most ${maxBytes} bytes of UTF-8 (got ${bytes} bytes)`);
  return text;
}

/** "Yes, No" → ["Yes", "No"]: 2 to 8 distinct, non-empty labels of at most 64 characters. */
export function parseOutcomes(text: string): string[] {
  const labels = text.split(',').map((label) => label.trim());
  if (labels.length < 2 || labels.length > 8) throw invalid('--outcomes needs 2 to 8 comma-separated labels');
  if (labels.some((label) => label.length === 0 || label.length > 64)) {
    throw invalid('--outcomes labels must be 1 to 64 characters');
  }
  if (new Set(labels.map((label) => label.toLowerCase())).size !== labels.length) {
    throw invalid('--outcomes labels must be distinct');
  }
  return labels;
}

/** A 20-byte hex address in any letter case (a wrong checksum is not refused), as its checksummed form; never zero. */
export function parseAddress(text: string, flag: string): Address {
  const trimmed = text.trim();
  if (!isAddress(trimmed, { strict: false }) || trimmed.toLowerCase() === zeroAddress) {
    throw invalid(`${flag} must be a non-zero address, 0x and 40 hex digits (got "${text}")`);
  }
  return getAddress(trimmed);
}

/** "0,2" → [0, 2]: distinct outcome indexes, at least one (range-checked against the market by the use case). */
export function parseWinners(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,3}$/.test(part))) {
    throw invalid(`--winners must be comma-separated outcome indexes, e.g. 0 or 0,1 (got "${text}")`);
  }
  const winners = parts.map(Number);
  if (new Set(winners).size !== winners.length) throw invalid('--winners must not repeat an outcome');
  return winners;
}

/** RFC 3339's date-time with `Z` or an offset and seconds; zod's check knows the calendar (no 30 February). */
const RFC_3339 = z.iso.datetime({ offset: true });
/** The columns the instants go to are DATETIME, which ends with the year 9999. */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/**
 * An RFC 3339 date-time, e.g. 2027-01-31T18:00:00Z or 2027-01-31T20:00:00.5+02:00: a date that exists on the
 * calendar, a time of day with seconds, and `Z` or an explicit offset. `new Date` alone would roll 2027-02-30
 * forward to March and read a value without an offset as local time.
 */
export function parseInstant(text: string, flag: string): Date {
  // RFC 3339 allows a lower-case t and z; zod's check takes the upper-case ones.
  const trimmed = text.trim().toUpperCase();
  const date = new Date(trimmed);
  if (!RFC_3339.safeParse(trimmed).success || !(date.getTime() <= LAST_INSTANT_MS)) {
    throw invalid(
      `${flag} must be an RFC 3339 date-time with Z or an offset, e.g. 2027-01-31T18:00:00Z or ` +
        `2027-01-31T20:00:00+02:00, naming a real date and time (got "${text}")`,
    );
  }
  return date;
}

/** A whole number from `min` to `max` for `flag`. */
export function parseInteger(text: string, flag: string, min: number, max: number): number {
  const value = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(`${flag} must be a whole number from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

/** "a, b,,c" → ["a", "b", "c"]. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** One of `allowed`, for `flag`. */
export function parseChoice<T extends string>(text: string, flag: string, allowed: readonly T[]): T {
  const value = text.trim().toLowerCase();
  const chosen = allowed.find((candidate) => candidate === value);
  if (chosen === undefined) throw invalid(`${flag} must be one of ${allowed.join(', ')} (got "${text}")`);
  return chosen;
}
