import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { averagePriceWad, USDC_TO_WAD, usdcAtomicToCents, WAD, wadToNumber } from './units.js';

describe('units', () => {
  it('reads WAD fractions as numbers', () => {
    expect(wadToNumber(WAD / 4n)).toBe(0.25);
    expect(wadToNumber(3n * WAD)).toBe(3);
    expect(wadToNumber(0n)).toBe(0);
  });

  it('stays within double precision of the exact fraction', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (wad) => {
        const exact = Number(wad) / 1e18;
        expect(Math.abs(wadToNumber(wad) - exact)).toBeLessThanOrEqual(Math.abs(exact) * 1e-15 + 1e-18);
      }),
    );
  });

  it('converts USDC atomic units to whole cents, rounding down', () => {
    expect(usdcAtomicToCents(1_000_000n)).toBe(100n);
    expect(usdcAtomicToCents(19_999n)).toBe(1n);
    expect(usdcAtomicToCents(45_678_901n)).toBe(4_567n);
    expect(usdcAtomicToCents(9_999n)).toBe(0n);
  });

  it('never reports more cents than the atomic amount and loses less than a cent', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 10n ** 18n), (atomic) => {
        const cents = usdcAtomicToCents(atomic);
        expect(cents * 10_000n).toBeLessThanOrEqual(atomic);
        expect(atomic - cents * 10_000n).toBeLessThan(10_000n);
      }),
    );
  });

  it('prices a trade in WAD USDC per whole token, 0 when no tokens changed hands', () => {
    expect(averagePriceWad(500_000n, 2n * WAD)).toBe(WAD / 4n);
    expect(averagePriceWad(3_000_000n, WAD)).toBe(3n * WAD);
    expect(averagePriceWad(30_000_000n, 50n * WAD)).toBe(6n * 10n ** 17n);
    expect(averagePriceWad(1_000_000n, 0n)).toBe(0n);
    expect(averagePriceWad(1n, 0n)).toBe(0n);
  });

  it('scales one USDC atomic unit to WAD', () => {
    expect(1_000_000n * USDC_TO_WAD).toBe(WAD);
  });
});
