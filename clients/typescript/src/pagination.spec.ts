/* iterateCursor's walk over pages, driven by a page function that answers like a server would. */
import { describe, expect, it } from '@jest/globals';
import { iterateCursor, type CursorPage } from './pagination.js';

const collect = async (pages: Record<string, CursorPage<number>>): Promise<number[]> => {
  const rows: number[] = [];
  for await (const row of iterateCursor(
    async (cursor) => pages[cursor ?? 'first'] ?? { data: [], pagination: { cursor: null, hasMore: false } },
  )) {
    rows.push(row);
  }
  return rows;
};

describe('iterateCursor', () => {
  it('walks every page until hasMore is false', async () => {
    const rows = await collect({
      first: { data: [1, 2], pagination: { cursor: 'c1', hasMore: true } },
      c1: { data: [3], pagination: { cursor: 'c2', hasMore: false } },
    });
    expect(rows).toEqual([1, 2, 3]);
  });

  it('stops with a clear error when the server hands back the cursor it was given', async () => {
    const walk = collect({
      first: { data: [1], pagination: { cursor: 'c1', hasMore: true } },
      c1: { data: [2], pagination: { cursor: 'c1', hasMore: true } },
    });
    await expect(walk).rejects.toThrow('pagination: the server returned cursor c1 again');
  });
});
