/*
 * Pure planning for the indexer: which blocks to read next, and what a stored cursor means on the chain as it is
 * now (still valid, re-orged, or a different chain altogether).
 */

/** Inclusive block range. */
export interface BlockRange {
  fromBlock: bigint;
  toBlock: bigint;
}

/** The next range after `coveredThrough` (last indexed block), at most `maxRange` blocks, up to `head`. */
export function nextBlockRange(coveredThrough: bigint, head: bigint, maxRange: bigint): BlockRange | undefined {
  if (maxRange < 1n) throw new RangeError('maxRange must be at least 1');
  const fromBlock = coveredThrough + 1n;
  if (fromBlock > head) return undefined;
  const last = fromBlock + maxRange - 1n;
  return { fromBlock, toBlock: last < head ? last : head };
}

/** Splits an inclusive range into consecutive ranges of at most `maxRange` blocks. */
export function splitBlockRange(range: BlockRange, maxRange: bigint): BlockRange[] {
  const ranges: BlockRange[] = [];
  for (let next = nextBlockRange(range.fromBlock - 1n, range.toBlock, maxRange); next;) {
    ranges.push(next);
    next = nextBlockRange(next.toBlock, range.toBlock, maxRange);
  }
  return ranges;
}

export type ChainHistoryVerdict =
  /** The cursor's block is still on the chain: carry on. */
  | { kind: 'consistent' }
  /** Another chain behind the same RPC (a restarted dev chain, a reverted snapshot): index it from scratch. */
  | { kind: 'fresh-chain'; reason: 'head-behind-cursor' | 'genesis-changed' }
  /** The cursor's block was re-orged away: drop what was indexed above `rewindTo` and index again from there. */
  | { kind: 'reorg'; rewindTo: bigint };

export interface ChainHistoryObservation {
  cursorBlock: bigint;
  /** Hash stored with the cursor (null: none recorded, nothing to compare). */
  cursorHash: string | null;
  head: bigint;
  /** The chain's hash at `cursorBlock` now (absent when head < cursorBlock). */
  hashAtCursor?: string;
  /** The genesis hash recorded when indexing started, and the chain's now (compared only on a mismatch). */
  recordedGenesisHash?: string | null;
  genesisHash?: string;
  /** How far back a reorg rewinds (blocks); deeper reorgs are not expected on a followed chain. */
  rewindDepth: bigint;
  /** First block the indexer ever reads; a rewind never goes below `startBlock - 1`. */
  startBlock: bigint;
}

/**
 * Decides what the cursor means now. Head below the cursor → a fresh chain (reset everything). Hash mismatch
 * with a different genesis → a fresh chain that already grew past the cursor. Hash mismatch on the same genesis →
 * a reorg: rewind `rewindDepth` blocks (we keep only the cursor's hash, so the fork point is unknown; a fixed
 * depth covers any reorg a followed chain produces, and replays are idempotent).
 */
export function judgeChainHistory(observed: ChainHistoryObservation): ChainHistoryVerdict {
  if (observed.head < observed.cursorBlock) return { kind: 'fresh-chain', reason: 'head-behind-cursor' };
  if (observed.cursorHash === null || observed.hashAtCursor === undefined) return { kind: 'consistent' };
  if (sameHash(observed.cursorHash, observed.hashAtCursor)) return { kind: 'consistent' };
  const { recordedGenesisHash, genesisHash } = observed;
  if (recordedGenesisHash && genesisHash && !sameHash(recordedGenesisHash, genesisHash)) {
    return { kind: 'fresh-chain', reason: 'genesis-changed' };
  }
  const floor = observed.startBlock - 1n;
  const target = observed.cursorBlock - observed.rewindDepth;
  return { kind: 'reorg', rewindTo: target > floor ? target : floor };
}

const sameHash = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
