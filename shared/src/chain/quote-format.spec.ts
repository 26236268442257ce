import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { marketStateFromIndex } from './market-state.js';
import { wadToNumber } from '../domain/units.js';
import { effectivePrice, formatBuyQuote, formatQuoteMarket, formatSellQuote } from './quote-format.js';

const WAD = 10n ** 18n;
const pools = {
  reserveAfter: 110n * WAD,
  c: WAD,
  pAfter: [WAD / 4n, (3n * WAD) / 4n],
  qAfter: [WAD / 10n, (9n * WAD) / 10n],
};

describe('effectivePrice', () => {
  it('divides whole USDC by whole tokens', () => {
    expect(effectivePrice(1_000_000n, 2n * WAD)).toBe(0.5);
    expect(effectivePrice(50_000_000n, 80n * WAD)).toBe(0.625);
  });

  it('is 0 when no tokens change hands', () => {
    expect(effectivePrice(1_000_000n, 0n)).toBe(0);
  });

  it('matches the floating-point ratio to double precision', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 10n ** 12n, max: 10n ** 30n }),
        (usdc, tokens) => {
          const expected = Number(usdc) / 1e6 / (Number(tokens) / 1e18);
          expect(effectivePrice(usdc, tokens)).toBeCloseTo(
            expected,
            Math.max(0, 12 - Math.ceil(Math.log10(expected + 1))),
          );
        },
      ),
    );
  });
});

describe('wadToNumber', () => {
  it('converts WAD fractions and keeps the integer part exact', () => {
    expect(wadToNumber(WAD / 4n)).toBe(0.25);
    expect(wadToNumber(WAD)).toBe(1);
    expect(wadToNumber(123n * WAD + WAD / 2n)).toBe(123.5);
  });
});

describe('formatBuyQuote / formatSellQuote', () => {
  it('renders every big integer as a decimal string in the buy members order', () => {
    const quote = formatBuyQuote(1, 2_000_000n, { tokensOut: 3n * WAD, fee: 20_000n, ...pools });
    expect(quote).toEqual({
      outcomeIndex: 1,
      action: 'buy',
      amountIn: '2000000',
      tokensOut: '3000000000000000000',
      reserveAfter: '110000000000000000000',
      c: '1000000000000000000',
      pAfter: ['250000000000000000', '750000000000000000'],
      qAfter: ['100000000000000000', '900000000000000000'],
      effectivePrice: 2 / 3,
      impliedProbability: 0.75,
    });
  });

  it('renders the sell members with the fee in bps and the net price per token', () => {
    const raw = { usdcOut: 980_000n, grossRelease: WAD, ammFee: 10_000n, protocolFee: 10_000n, ...pools };
    const quote = formatSellQuote(0, 2n * WAD, raw, 200);
    expect(quote).toMatchObject({
      outcomeIndex: 0,
      action: 'sell',
      tokensIn: '2000000000000000000',
      usdcOut: '980000',
      grossRelease: '1000000000000000000',
      sellFeeBps: 200,
      effectivePrice: 0.49,
      impliedProbability: 0.25,
    });
  });

  it('gives a null implied probability when the index has no outcome', () => {
    expect(formatBuyQuote(5, 1n, { tokensOut: 1n, fee: 0n, ...pools }).impliedProbability).toBeNull();
  });
});

describe('market states', () => {
  // The public forms of each state are checked in domain/market-status.spec.ts.
  it('maps the on-chain enum, and refuses an index beyond it', () => {
    expect([0, 1, 2, 3].map(marketStateFromIndex)).toEqual(['OPEN', 'FROZEN', 'RESOLVED', 'CANCELLED']);
    expect(() => marketStateFromIndex(4)).toThrow(RangeError);
  });

  it('builds the quote market object with labels from the database', () => {
    const market = formatQuoteMarket({
      id: 'm-1',
      contractAddress: '0x000000000000000000000000000000000000dEaD',
      chainId: 31337,
      labels: ['Yes'],
      probabilities: [WAD / 4n, (3n * WAD) / 4n],
      state: 'OPEN',
    });
    expect(market).toEqual({
      id: 'm-1',
      contractAddress: '0x000000000000000000000000000000000000dEaD',
      chainId: 31337,
      outcomes: [
        { outcomeIndex: 0, label: 'Yes', probability: 0.25 },
        { outcomeIndex: 1, label: 'Outcome 2', probability: 0.75 },
      ],
      status: 'ACTIVE',
    });
  });
});
