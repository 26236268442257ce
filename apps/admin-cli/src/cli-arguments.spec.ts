import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  formatUsdc,
  parseAddress,
  parseEmail,
  parseInstant,
  parseLimit,
  parseOutcomes,
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
