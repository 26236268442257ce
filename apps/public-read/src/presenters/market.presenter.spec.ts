import { describe, expect, it } from '@jest/globals';
import type { Market } from '#shared/db/markets/market-rows.js';
import { toRecentTradeItem } from './activity.presenter.js';
import { marketPrices, toMarketDetailView, toOrganizationMarketItem, toThreadMarketItem } from './market.presenter.js';
import { atomicToCents, wadComplement, wadFraction } from './wad.js';

const market: Market = {
  id: 'm1',
  threadId: null,
  chapterId: null,
  organizationId: null,
  partnerId: null,
  question: 'Q?',
  description: 'D',
  category: 'misc',
  tags: ['t'],
  status: 'CANCELLED',
  outcomes: ['YES', 'NO'],
  contractAddress: null,
  chainId: null,
  endTime: new Date('2027-01-01T00:00:00.000Z'),
  resolveTime: null,
  winningOutcomes: null,
  sourceSocialPostUrl: null,
  featured: false,
  totalVolumeCents: 1234,
  totalVolumeAtomic: 12_340_000n,
  tradeCount: 3,
  uniqueTraders: 2,
  currentProbabilities: ['333333333333333333', '666666666666666667'],
  currentPrices: null,
  currentProbability: 1 / 3,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-02T00:00:00.000Z'),
};

describe('market views', () => {
  it('converts WAD strings and atomic USDC exactly', () => {
    expect(wadFraction('500000000000000000')).toBe(0.5);
    expect(wadComplement('620000000000000000')).toBe(0.38);
    expect(atomicToCents(12_345_678n)).toBe(1234);
  });

  it('derives probability, yesPrice and noPrice, falling back to probabilities and to null', () => {
    expect(marketPrices(market)).toEqual({ probability: 1 / 3, yesPrice: 1 / 3, noPrice: 2 / 3 });
    expect(marketPrices({ ...market, currentPrices: ['250000000000000000', '750000000000000000'] })).toMatchObject({
      yesPrice: 0.25,
      noPrice: 0.75,
    });
    expect(marketPrices({ ...market, currentProbabilities: null, currentProbability: null })).toEqual({
      probability: null,
      yesPrice: null,
      noPrice: null,
    });
  });

  it('uses the list status form on items and the stored form on the detail, endTime in Unix ms', () => {
    expect(toThreadMarketItem(market)).toMatchObject({ status: 'cancelled', endTime: 1_798_761_600_000, tags: ['t'] });
    expect(toThreadMarketItem(market)).not.toHaveProperty('probability');
    expect(toOrganizationMarketItem(market)).toEqual({
      id: 'm1',
      question: 'Q?',
      probability: 1 / 3,
      totalVolume: 1234,
      status: 'cancelled',
      endTime: 1_798_761_600_000,
      category: 'misc',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(toMarketDetailView(market)).toMatchObject({
      status: 'CANCELLED',
      outcomes: [{ label: 'YES' }, { label: 'NO' }],
    });
  });

  it('maps a trade: outcome 0 is YES, amount in cents, price 0..1', () => {
    const trade = {
      id: 't1',
      outcomeIndex: 1,
      side: 'sell' as const,
      usdcAtomic: 2_509_999n,
      tokens: 10n ** 18n,
      price: 450_000_000_000_000_000n,
      blockTime: new Date('2026-05-05T00:00:00.000Z'),
    };
    expect(toRecentTradeItem(trade)).toEqual({
      id: 't1',
      side: 'NO',
      amount: 250,
      price: 0.45,
      timestamp: '2026-05-05T00:00:00.000Z',
      outcomeIndex: 1,
      action: 'sell',
    });
  });
});
