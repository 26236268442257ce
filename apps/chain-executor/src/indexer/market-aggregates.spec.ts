import { describe, expect, it } from '@jest/globals';
import { marketAggregates } from './market-aggregates.js';

const totals = {
  marketId: 'm',
  volumeAtomic: 45_678_901n,
  tradeCount: 3,
  uniqueTraders: 2,
  latestPrices: ['600000000000000000', '400000000000000000'],
  latestProbabilities: ['690000000000000000', '310000000000000000'],
};

describe('marketAggregates', () => {
  it('takes volumes and counts from the totals and current values from the newest point', () => {
    expect(marketAggregates(totals)).toEqual({
      totalVolumeAtomic: 45_678_901n,
      totalVolumeCents: 4_567n,
      tradeCount: 3,
      uniqueTraders: 2,
      current: { prices: totals.latestPrices, probabilities: totals.latestProbabilities },
    });
  });

  it('leaves current values alone for a market without trades', () => {
    const empty = { ...totals, volumeAtomic: 0n, tradeCount: 0, uniqueTraders: 0 };
    expect(marketAggregates({ ...empty, latestPrices: null, latestProbabilities: null })).toEqual({
      totalVolumeAtomic: 0n,
      totalVolumeCents: 0n,
      tradeCount: 0,
      uniqueTraders: 0,
    });
  });
});
