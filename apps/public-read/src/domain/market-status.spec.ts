import { describe, expect, it } from '@jest/globals';
import { listStatusOf, marketStatusFilters, statusesForFilter } from './market-status.js';

describe('market status forms', () => {
  it('maps each filter to the stored statuses it selects', () => {
    expect(Object.fromEntries(marketStatusFilters.map((filter) => [filter, statusesForFilter(filter)]))).toEqual({
      active: ['OPEN'],
      paused: ['FROZEN'],
      resolved: ['RESOLVED'],
      cancelled: ['CANCELLED'],
      refunded: ['CANCELLED'],
      all: [],
    });
  });

  it('shows stored statuses in the list form', () => {
    expect(listStatusOf('OPEN')).toBe('active');
    expect(listStatusOf('FROZEN')).toBe('paused');
    expect(listStatusOf('RESOLVED')).toBe('resolved');
    expect(listStatusOf('CANCELLED')).toBe('cancelled');
  });
});
