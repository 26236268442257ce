import { describe, expect, it } from '@jest/globals';
import { keysetPage, MAX_PAGE_LIMIT, offsetPage, resolvePageLimit } from './paging.js';

describe('offsetPage', () => {
  it('has more while rows remain past the page', () => {
    expect(offsetPage(['a', 'b'], { offset: 0, limit: 2 }, 3)).toEqual({
      items: ['a', 'b'],
      offset: 0,
      limit: 2,
      total: 3,
      hasMore: true,
    });
    expect(offsetPage(['c'], { offset: 2, limit: 2 }, 3).hasMore).toBe(false);
    expect(offsetPage([], { offset: 10, limit: 2 }, 3).hasMore).toBe(false);
  });
});

describe('keysetPage', () => {
  const rows = [3, 2, 1].map((n) => ({ id: `r${n}`, at: new Date(n * 1000) }));
  const positionOf = (row: (typeof rows)[number]) => ({ sortKey: row.at, id: row.id });

  it('keeps `limit` rows and starts the next page after the last one kept', () => {
    expect(keysetPage(rows, 2, positionOf)).toEqual({
      items: rows.slice(0, 2),
      limit: 2,
      hasMore: true,
      nextAfter: { sortKey: new Date(2000), id: 'r2' },
    });
  });

  it('has no next position on the last page', () => {
    expect(keysetPage(rows, 3, positionOf)).toEqual({ items: rows, limit: 3, hasMore: false, nextAfter: null });
    expect(keysetPage([], 3, positionOf)).toEqual({ items: [], limit: 3, hasMore: false, nextAfter: null });
  });
});

describe('resolvePageLimit', () => {
  it('applies the default when absent or not a positive integer, and caps at the maximum', () => {
    expect(resolvePageLimit(undefined, 20)).toBe(20);
    expect(resolvePageLimit(0, 20)).toBe(20);
    expect(resolvePageLimit(2.5, 20)).toBe(20);
    expect(resolvePageLimit('7', 20)).toBe(20);
    expect(resolvePageLimit(7, 20)).toBe(7);
    expect(resolvePageLimit(MAX_PAGE_LIMIT + 1, 20)).toBe(MAX_PAGE_LIMIT);
  });
});
