import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  judgeChainHistory,
  nextBlockRange,
  splitBlockRange,
  type ChainHistoryObservation,
} from './block-range-plan.js';

describe('nextBlockRange', () => {
  it('starts right after the covered block and stops at the head', () => {
    expect(nextBlockRange(9n, 12n, 100n)).toEqual({ fromBlock: 10n, toBlock: 12n });
  });

  it('caps a range at maxRange blocks', () => {
    expect(nextBlockRange(-1n, 10_000n, 2_000n)).toEqual({ fromBlock: 0n, toBlock: 1_999n });
  });

  it('returns nothing once the head is covered', () => {
    expect(nextBlockRange(12n, 12n, 100n)).toBeUndefined();
    expect(nextBlockRange(15n, 12n, 100n)).toBeUndefined();
  });

  it('refuses a range size below one block', () => {
    expect(() => nextBlockRange(0n, 10n, 0n)).toThrow(RangeError);
  });
});

describe('splitBlockRange', () => {
  it('covers every block of the range exactly once, in order, in chunks of at most maxRange', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 1_000n), fc.bigInt(-1n, 300n), fc.bigInt(1n, 50n), (from, length, max) => {
        const ranges = splitBlockRange({ fromBlock: from, toBlock: from + length }, max);
        const blocks = ranges.flatMap(({ fromBlock, toBlock }) => {
          expect(toBlock - fromBlock + 1n).toBeLessThanOrEqual(max);
          return Array.from({ length: Number(toBlock - fromBlock + 1n) }, (_, i) => fromBlock + BigInt(i));
        });
        expect(blocks).toEqual(Array.from({ length: Number(length + 1n) }, (_, i) => from + BigInt(i)));
      }),
    );
  });
});

describe('judgeChainHistory', () => {
  const base: ChainHistoryObservation = {
    cursorBlock: 100n,
    cursorHash: '0xaaa',
    head: 120n,
    hashAtCursor: '0xaaa',
    recordedGenesisHash: '0x000',
    rewindDepth: 64n,
    startBlock: 0n,
  };

  it('is consistent when the cursor block keeps its hash (compared case-insensitively)', () => {
    expect(judgeChainHistory({ ...base, hashAtCursor: '0xAAA' })).toEqual({ kind: 'consistent' });
  });

  it('is consistent when no hash was stored with the cursor', () => {
    expect(judgeChainHistory({ ...base, cursorHash: null, hashAtCursor: '0xbbb' })).toEqual({ kind: 'consistent' });
  });

  it('sees a fresh chain when the head is below the cursor', () => {
    const { hashAtCursor: _omitted, ...observation } = base;
    expect(judgeChainHistory({ ...observation, head: 40n })).toEqual({
      kind: 'fresh-chain',
      reason: 'head-behind-cursor',
    });
  });

  it('sees a fresh chain that grew past the cursor by its different genesis', () => {
    expect(judgeChainHistory({ ...base, hashAtCursor: '0xbbb', genesisHash: '0x111' })).toEqual({
      kind: 'fresh-chain',
      reason: 'genesis-changed',
    });
  });

  it('rewinds rewindDepth blocks on a reorg of the same chain', () => {
    expect(judgeChainHistory({ ...base, hashAtCursor: '0xbbb', genesisHash: '0x000' })).toEqual({
      kind: 'reorg',
      rewindTo: 36n,
    });
  });

  it('never rewinds below the block before the start block', () => {
    const observation = { ...base, hashAtCursor: '0xbbb', genesisHash: '0x000', startBlock: 50n };
    expect(judgeChainHistory(observation)).toEqual({ kind: 'reorg', rewindTo: 49n });
    expect(judgeChainHistory({ ...observation, startBlock: 0n, rewindDepth: 500n })).toEqual({
      kind: 'reorg',
      rewindTo: -1n,
    });
  });
});
