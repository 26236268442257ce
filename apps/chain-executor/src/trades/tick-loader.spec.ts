import { describe, expect, it } from '@jest/globals';
import { createTickLoader } from './tick-loader.js';

/** A loader over a fixed table that records each query's ids. */
function tableLoader(table: Record<string, string>, maxBatch?: number) {
  const queries: string[][] = [];
  const load = createTickLoader(async (ids) => {
    queries.push([...ids]);
    return new Map(ids.filter((id) => id in table).map((id) => [id, table[id]!]));
  }, maxBatch);
  return { load, queries };
}

describe('createTickLoader', () => {
  it('answers the lookups of one turn with one query, each caller its own row or null', async () => {
    const { load, queries } = tableLoader({ a: 'row a', b: 'row b' });
    await expect(Promise.all([load('a'), load('b'), load('missing'), load('a')])).resolves.toEqual([
      'row a',
      'row b',
      null,
      'row a',
    ]);
    expect(queries).toEqual([['a', 'b', 'missing']]);
  });

  it('reads afresh in a later turn (no cache)', async () => {
    const { load, queries } = tableLoader({ a: 'row a' });
    await load('a');
    await load('a');
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('splits a turn of more ids than maxBatch into several queries', async () => {
    const { load, queries } = tableLoader({ a: '1', b: '2', c: '3' }, 2);
    await expect(Promise.all([load('a'), load('b'), load('c')])).resolves.toEqual(['1', '2', '3']);
    expect(queries).toEqual([['a', 'b'], ['c']]);
  });

  it('fails every lookup of the turn with the query error', async () => {
    const load = createTickLoader<string>(() => Promise.reject(new Error('database down')));
    const outcomes = await Promise.allSettled([load('a'), load('b')]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: new Error('database down') },
      { status: 'rejected', reason: new Error('database down') },
    ]);
  });
});
