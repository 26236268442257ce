import { describe, expect, it } from '@jest/globals';
import {
  marketListStatus,
  marketListStatuses,
  marketStates,
  marketStatusFilters,
  quoteMarketStatus,
  statesForFilter,
} from './market-status.js';

describe('market status forms', () => {
  it('maps each filter to the stored states it selects', () => {
    expect(Object.fromEntries(marketStatusFilters.map((filter) => [filter, statesForFilter(filter)]))).toEqual({
      active: ['OPEN'],
      paused: ['FROZEN'],
      resolved: ['RESOLVED'],
      cancelled: ['CANCELLED'],
      refunded: ['CANCELLED'],
      all: [],
    });
  });

  it('shows stored states in the list form', () => {
    expect(marketStates.map(marketListStatus)).toEqual(['active', 'paused', 'resolved', 'cancelled']);
    expect(marketStates.map(marketListStatus)).toEqual([...marketListStatuses]);
  });

  it('shows stored states in the quote form, the upper case of the list form', () => {
    expect(marketStates.map(quoteMarketStatus)).toEqual(['ACTIVE', 'PAUSED', 'RESOLVED', 'CANCELLED']);
    for (const state of marketStates) expect(quoteMarketStatus(state)).toBe(marketListStatus(state).toUpperCase());
  });
});
