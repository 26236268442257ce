import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  formatUsdc,
  parseAddress,
  parseEmail,
  parseInstant,
  parseLimit,
  parseLongText,
  parseOutcomes,
  parseShortText,
  parseUsdcAmount,
  parseWinners,
} from './cli-arguments.js';

describe('parseUsdcAmount', () => {
  it.each([
    ['1', 1_000_000n],
    ['12.5', 12_500_000n],
    ['0.000001', 1n],
    [' 250.123456 ', 250_123_456n],
    ['9223372036854.775807', 2n ** 63n - 1n],
  ])('parses %s exactly', (text, atomic) => {
    expect(parseUsdcAmount(text)).toBe(atomic);
  });

  it.each(['0', '0.000000', '-1', '1.0000001', '1e6', '.5', '5.', '1,5', 'abc', '', '9223372036854.775808'])(
    'rejects %s with VALIDATION_FAILED',
    (text) => {
      expect(() => parseUsdcAmount(text)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    },
  );

  it('names the most a USDC column holds when an amount is above it', () => {
    expect(() => parseUsdcAmount('10000000000000', '--per-trade-limit')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        detail: '--per-trade-limit must be at most 9223372036854.775807 USDC (got "10000000000000")',
      }),
    );
  });

  it('round-trips through formatUsdc for every atomic amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }), (atomic) => {
        expect(parseUsdcAmount(formatUsdc(atomic))).toBe(atomic);
      }),
    );
  });
});

describe('formatUsdc', () => {
  it.each([
    [0n, '0.000000'],
    [1n, '0.000001'],
    [12_500_000n, '12.500000'],
    [-1_500_000n, '-1.500000'],
  ])('formats %s as %s', (atomic, text) => {
    expect(formatUsdc(atomic)).toBe(text);
  });
});

describe('other flag parsers', () => {
  it('normalises emails and rejects malformed ones', () => {
    expect(parseEmail(' Ann@Example.TEST ')).toBe('ann@example.test');
    expect(() => parseEmail('ann@example')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => parseEmail(`${'a'.repeat(250)}@b.co`)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('accepts limits from 1 to the maximum', () => {
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('1000')).toBe(1000);
    expect(() => parseLimit('1.5')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('splits and trims outcome labels', () => {
    expect(parseOutcomes(' Yes , No ')).toEqual(['Yes', 'No']);
    expect(() => parseOutcomes('x'.repeat(65) + ',No')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('parses winners as distinct indexes', () => {
    expect(parseWinners('2, 0')).toEqual([2, 0]);
    expect(() => parseWinners('')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => parseWinners('1,1')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('needs a date and a time in an instant', () => {
    expect(parseInstant('2027-01-31T18:00:00Z', '--end-time').toISOString()).toBe('2027-01-31T18:00:00.000Z');
    expect(() => parseInstant('2027-01-31', '--end-time')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });
  it('reads an address in any letter case as its checksummed form, and refuses zero and malformed ones', () => {
    const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(parseAddress(` ${checksummed.toLowerCase()} `, '--address')).toBe(checksummed);
    expect(parseAddress(checksummed.toUpperCase().replace('0X', '0x'), '--address')).toBe(checksummed);
    for (const bad of [
      '',
      '0x',
      '70997970c51812dc3a010c7d01b50e0d17dc79c8',
      `${checksummed}00`,
      `0x${'0'.repeat(40)}`,
    ]) {
      expect(() => parseAddress(bad, '--address')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });
});

describe('column-sized text', () => {
  it('counts characters as a VARCHAR of utf8mb4 does: code points, not UTF-16 units', () => {
    expect(parseShortText(` ${'🎲'.repeat(500)} `, '--question', 500)).toBe('🎲'.repeat(500));
    expect(() => parseShortText('🎲'.repeat(501), '--question', 500)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        detail: '--question must be 1 to 500 characters (got 501)',
      }),
    );
    expect(() => parseShortText('   ', '--question', 500)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('measures long text in bytes of UTF-8, keeping it as given', () => {
    expect(parseLongText(` ${'€'.repeat(21_844)}`, '--description')).toHaveLength(21_845);
    expect(() => parseLongText('€'.repeat(21_845) + 'a', '--description')).toThrow(
      expect.objectContaining({ detail: '--description must be at most 65535 bytes of UTF-8 (got 65536 bytes)' }),
    );
  });
});

describe('parseInstant', () => {
  it.each([
    ['2027-01-31T18:00:00Z', '2027-01-31T18:00:00.000Z'],
    ['2027-01-31t18:00:00z', '2027-01-31T18:00:00.000Z'],
    [' 2027-01-31T20:00:00+02:00 ', '2027-01-31T18:00:00.000Z'],
    ['2027-01-31T23:30:00-05:30', '2027-02-01T05:00:00.000Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['2000-02-29T12:00:00.123456789Z', '2000-02-29T12:00:00.123Z'],
    ['2027-12-31T23:59:59.5+00:00', '2027-12-31T23:59:59.500Z'],
  ])('reads %s as the instant %s', (text, iso) => {
    expect(parseInstant(text, '--expires-at').toISOString()).toBe(iso);
  });

  it.each([
    ['a day the month does not have', '2027-02-30T00:00:00Z'],
    ['February 29 of a common year', '2027-02-29T00:00:00Z'],
    ['February 29 of a century year', '1900-02-29T00:00:00Z'],
    ['April 31', '2027-04-31T00:00:00Z'],
    ['month 13', '2027-13-01T00:00:00Z'],
    ['day 0', '2027-01-00T00:00:00Z'],
    ['hour 24', '2027-01-31T24:00:00Z'],
    ['minute 61', '2027-01-31T23:61:00Z'],
    ['a leap second', '2027-06-30T23:59:60Z'],
    ['no offset', '2027-01-31T18:00:00'],
    ['no seconds', '2027-01-31T18:00Z'],
    ['an offset hour of 24', '2027-01-31T18:00:00+24:00'],
    ['an offset without a colon', '2027-01-31T18:00:00+0200'],
    ['a space for the T', '2027-01-31 18:00:00Z'],
    ['a date only', '2027-01-31'],
    ['a year past the DATETIME range', '9999-12-31T23:00:00-05:00'],
    ['words', 'tomorrow'],
  ])('refuses %s (%s) with VALIDATION_FAILED naming the flag', (_name, text) => {
    expect(() => parseInstant(text, '--expires-at')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        detail: expect.stringContaining(`--expires-at must be an RFC 3339 date-time with Z or an offset`),
      }),
    );
  });

  it('reads back every instant a Date prints, to the millisecond', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => {
          expect(parseInstant(d.toISOString(), '--end-time').getTime()).toBe(d.getTime());
        },
      ),
    );
  });
});
