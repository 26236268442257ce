/*
 * Keeps the indexed rows true to the chain the RPC serves now. Before each step the stored cursor is checked
 * against the chain (see judgeChainHistory): a fresh chain drops this chain's rows and cursors and indexes from
 * the start; a reorg drops the rows above the rewind point and indexes again from there.
 */
import { deleteChainCursors, saveChainCursor } from '../db/chain-cursors/chain-cursors.repository.js';
import { deleteChainActivity } from '#shared/db/market-trades/market-trades.repository.js';
import { listChainMarkets } from '#shared/db/markets/markets.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { judgeChainHistory, type ChainHistoryVerdict } from './block-range-plan.js';
import {
  cursorNames,
  readBlockHash,
  recordGenesis,
  type FollowerSettings,
  type FollowerState,
} from './follower-state.js';
import type { IndexerContext } from './index-block-range.js';
import { refreshMarketAggregates } from './refresh-market-aggregates.js';

/**
 * At the start of a leadership term: a recorded genesis that differs from the chain's means a fresh chain (reset);
 * no recorded genesis means indexing starts now (record it).
 */
export async function checkGenesis(context: IndexerContext, state: FollowerState): Promise<void> {
  const genesisHash = await readBlockHash(context.reader, 0n);
  if (state.genesisHash === null) {
    await recordGenesis(context.db, context.chainId, genesisHash);
    state.genesisHash = genesisHash;
  } else if (state.genesisHash.toLowerCase() !== genesisHash.toLowerCase()) {
    context.logger.warn(
      { event: 'indexer.fresh_chain', chainId: context.chainId, reason: 'genesis-changed' },
      'the chain behind the RPC is not the one indexed: re-indexing it from the start',
    );
    await resetChain(context, state, 'genesis-changed');
  }
}

/** True when the cursor still matches the chain; otherwise repairs the rows and state and returns false. */
export async function verifyChainHistory(
  context: IndexerContext,
  settings: FollowerSettings,
  state: FollowerState,
  head: bigint,
): Promise<boolean> {
  const { cursor } = state;
  if (!cursor) return true;
  const hashAtCursor = head >= cursor.blockNumber ? await readBlockHash(context.reader, cursor.blockNumber) : undefined;
  const mismatch =
    hashAtCursor !== undefined &&
    cursor.blockHash !== null &&
    hashAtCursor.toLowerCase() !== cursor.blockHash.toLowerCase();
  const verdict: ChainHistoryVerdict = judgeChainHistory({
    cursorBlock: cursor.blockNumber,
    cursorHash: cursor.blockHash,
    head,
    ...(hashAtCursor === undefined ? {} : { hashAtCursor }),
    recordedGenesisHash: state.genesisHash,
    ...(mismatch ? { genesisHash: await readBlockHash(context.reader, 0n) } : {}),
    rewindDepth: settings.rewindDepth,
    startBlock: settings.startBlock,
  });
  if (verdict.kind === 'consistent') return true;
  const seen = { cursorBlock: Number(cursor.blockNumber), head: Number(head) };
  if (verdict.kind === 'fresh-chain' || verdict.rewindTo < settings.startBlock) {
    const reason = verdict.kind === 'fresh-chain' ? verdict.reason : 'reorg-below-start';
    context.logger.warn(
      { event: 'indexer.fresh_chain', chainId: context.chainId, reason, ...seen },
      'the chain does not hold the indexed blocks: re-indexing it from the start',
    );
    await resetChain(context, state, reason);
  } else {
    context.logger.warn(
      { event: 'indexer.reorg', chainId: context.chainId, rewindTo: Number(verdict.rewindTo), ...seen },
      'the indexed head block was re-orged away: re-indexing from a safe point',
    );
    await rewindChain(context, state, verdict.rewindTo);
  }
  return false;
}

/** Deletes every indexed row and cursor of this chain, recomputes its markets' aggregates, records the genesis. */
export async function resetChain(context: IndexerContext, state: FollowerState, reason: string): Promise<void> {
  const genesisHash = await readBlockHash(context.reader, 0n);
  await withTransaction(context.db, async (trx) => {
    await context.fence(trx);
    const touched = await deleteChainActivity(trx, { chainId: context.chainId });
    const markets = await listChainMarkets(trx, context.chainId);
    await refreshMarketAggregates(trx, [...new Set([...touched, ...markets.map((market) => market.id)])]);
    await deleteChainCursors(trx, { chainId: context.chainId, namePrefix: cursorNames(context.chainId).main });
    await recordGenesis(trx, context.chainId, genesisHash);
  });
  state.cursor = null;
  state.genesisHash = genesisHash;
  state.registered.clear();
  context.metrics.countReset('fresh-chain');
  context.logger.info({ event: 'indexer.chain_reset', chainId: context.chainId, reason }, 'indexed chain data reset');
}

/** Drops rows above `rewindTo`, recomputes the touched markets and moves the cursor back to `rewindTo`. */
async function rewindChain(context: IndexerContext, state: FollowerState, rewindTo: bigint): Promise<void> {
  const blockHash = await readBlockHash(context.reader, rewindTo);
  await withTransaction(context.db, async (trx) => {
    await context.fence(trx);
    const touched = await deleteChainActivity(trx, { chainId: context.chainId, aboveBlock: rewindTo });
    await refreshMarketAggregates(trx, touched);
    const position = { chainId: context.chainId, blockNumber: rewindTo, blockHash };
    await saveChainCursor(trx, { name: cursorNames(context.chainId).main, ...position });
  });
  state.cursor = { blockNumber: rewindTo, blockHash };
  context.metrics.countReset('reorg');
}
