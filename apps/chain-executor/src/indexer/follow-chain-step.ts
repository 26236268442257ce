/*
 * One step of the leader: check the cursor against the chain, register new markets, then index the next range
 * (at most maxBlockRange blocks, up to the head) and move the cursor in the same transaction.
 */
import { saveChainCursor } from '../db/chain-cursors/chain-cursors.repository.js';
import { listChainMarkets } from '#shared/db/markets/markets.repository.js';
import { nextBlockRange } from './block-range-plan.js';
import { verifyChainHistory } from './chain-history-repair.js';
import {
  coveredThrough,
  cursorNames,
  readBlockHash,
  readHead,
  type FollowerSettings,
  type FollowerState,
} from './follower-state.js';
import { indexBlockRange, rangeLogFields, type IndexerContext } from './index-block-range.js';
import { registerNewMarkets } from './market-registration.js';

export interface StepOutcome {
  /** True when the index has reached the head: the caller waits one poll interval before the next step. */
  caughtUp: boolean;
}

export async function followChainStep(
  context: IndexerContext,
  settings: FollowerSettings,
  state: FollowerState,
): Promise<StepOutcome> {
  const head = await readHead(context.reader);
  if (!(await verifyChainHistory(context, settings, state, head))) return { caughtUp: false };
  const markets = await listChainMarkets(context.db, context.chainId);
  await registerNewMarkets(context, settings, state, markets);
  const range = nextBlockRange(coveredThrough(state, settings), head, settings.maxBlockRange);
  if (!range) {
    context.metrics.setPosition({ cursor: coveredThrough(state, settings), head });
    return { caughtUp: true };
  }
  const started = performance.now();
  const blockHash = await readBlockHash(context.reader, range.toBlock);
  const cursor = { name: cursorNames(context.chainId).main, chainId: context.chainId, blockNumber: range.toBlock };
  const summary = await indexBlockRange(context, {
    markets,
    range,
    inTransaction: (trx) => saveChainCursor(trx, { ...cursor, blockHash }),
  });
  state.cursor = { blockNumber: range.toBlock, blockHash };
  const durationMs = Math.round(performance.now() - started);
  context.metrics.observeRange({ blocks: range.toBlock - range.fromBlock + 1n, durationMs });
  context.metrics.setPosition({ cursor: range.toBlock, head });
  const fields = { event: 'indexer.range', chainId: context.chainId, ...rangeLogFields(range, summary, durationMs) };
  // Ranges with market events at info; empty ranges (every new block of a public chain) only at debug.
  if (summary.events > 0) context.logger.info(fields, 'indexed block range');
  else context.logger.debug(fields, 'indexed block range');
  return { caughtUp: range.toBlock >= head };
}
