import { describe, expect, it } from '@jest/globals';
import { parseStatusFilter } from './status-filter.js';

const catalogue = ['pending', 'confirmed', 'failed'] as const;

describe('parseStatusFilter', () => {
  it('returns no filter when the parameter is absent or empty', () => {
    expect(parseStatusFilter(undefined, catalogue)).toBeUndefined();
    expect(parseStatusFilter('', catalogue)).toBeUndefined();
  });

  it('names the same filter for any order or repetition of the same statuses', () => {
    expect(parseStatusFilter('failed,pending', catalogue)).toEqual(['pending', 'failed']);
    expect(parseStatusFilter('pending,failed,pending', catalogue)).toEqual(['pending', 'failed']);
  });

  it('drops names outside the catalogue', () => {
    expect(parseStatusFilter('confirmed,bogus', catalogue)).toEqual(['confirmed']);
    expect(parseStatusFilter('bogus', catalogue)).toEqual([]);
  });
});
