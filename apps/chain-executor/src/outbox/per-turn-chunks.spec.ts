import { describe, expect, it } from '@jest/globals';
import { perTurnChunks } from './per-turn-chunks.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('perTurnChunks', () => {
  it('hands over what one turn added, after the turn, in order and in chunks of at most max', async () => {
    const chunks: number[][] = [];
    const add = perTurnChunks<number>(2, (chunk) => chunks.push(chunk));
    [1, 2, 3, 4, 5].forEach(add);
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('starts afresh in the next turn', async () => {
    const chunks: string[][] = [];
    const add = perTurnChunks<string>(10, (chunk) => chunks.push(chunk));
    add('a');
    await nextTurn();
    add('b');
    add('c');
    await nextTurn();
    expect(chunks).toEqual([['a'], ['b', 'c']]);
  });
});
