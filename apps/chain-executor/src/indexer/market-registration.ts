/*
 * Markets join the followed set when they first appear in MySQL with a contract on this chain. A market can get
 * its contract_address after its contract already emitted events (deployed, seeded, frozen, or traded directly on
 * chain before the row was linked), so a newcomer is first backfilled from the start block through the cursor;
 * then it is marked registered and follows the main cursor with the others. A newcomer without trades also gets
 * its current prices from the chain, so its probabilities are the contract's from the start.
 */
import { getAddress } from 'viem';
import { readMarketPrices, type MarketPrices } from '#shared/chain/market-reads.js';
import { saveChainCursor } from '../db/chain-cursors/chain-cursors.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { readMarketActivityTotals } from '#shared/db/market-trades/market-trades.repository.js';
import { updateMarketAggregates, type ChainMarket } from '#shared/db/markets/markets.repository.js';
import { splitBlockRange } from './block-range-plan.js';
import { coveredThrough, cursorNames, type FollowerSettings, type FollowerState } from './follower-state.js';
import { indexBlockRange, PRICE_READ_CONCURRENCY, type IndexerContext } from './index-block-range.js';
import { mapInBatches } from './map-in-batches.js';
import { marketAggregates } from './market-aggregates.js';

/** Backfills and registers the markets of `markets` that are not registered yet. */
export async function registerNewMarkets(
  context: IndexerContext,
  settings: FollowerSettings,
  state: FollowerState,
  markets: readonly ChainMarket[],
): Promise<void> {
  const newcomers = markets.filter((market) => !state.registered.has(market.id));
  if (newcomers.length === 0) return;
  const through = coveredThrough(state, settings);
  const backfill = splitBlockRange({ fromBlock: settings.startBlock, toBlock: through }, settings.maxBlockRange);
  let trades = 0;
  for (const range of backfill) trades += (await indexBlockRange(context, { markets: newcomers, range })).trades;
  const prices = await readLatestPrices(context, newcomers);
  await withTransaction(context.db, async (trx) => {
    await context.fence(trx);
    for (const totals of await readMarketActivityTotals(
      trx,
      newcomers.map((market) => market.id),
    )) {
      const current = prices.get(totals.marketId);
      if (totals.tradeCount > 0 || !current) continue;
      const latest = { latestPrices: current.p.map(String), latestProbabilities: current.q.map(String) };
      await updateMarketAggregates(trx, totals.marketId, marketAggregates({ ...totals, ...latest }));
    }
    for (const market of newcomers) {
      await saveChainCursor(trx, {
        name: `${cursorNames(context.chainId).marketPrefix}${market.id}`,
        chainId: context.chainId,
        blockNumber: through < 0n ? 0n : through,
        blockHash: state.cursor?.blockHash ?? null,
      });
    }
  });
  for (const market of newcomers) state.registered.add(market.id);
  context.logger.info(
    {
      event: 'indexer.markets_registered',
      chainId: context.chainId,
      markets: newcomers.length,
      backfilledThrough: Number(through),
      backfilledTrades: trades,
    },
    'new markets joined the index',
  );
}

/** Current prices of each market whose contract answers (a missing contract is skipped, not an error). */
async function readLatestPrices(
  context: IndexerContext,
  markets: readonly ChainMarket[],
): Promise<Map<string, MarketPrices>> {
  const prices = new Map<string, MarketPrices>();
  await mapInBatches(markets, PRICE_READ_CONCURRENCY, async (market) => {
    try {
      prices.set(market.id, await readMarketPrices(context.reader, getAddress(market.contractAddress)));
    } catch (error) {
      context.logger.warn(
        { event: 'indexer.market_unreadable', marketId: market.id, err: error },
        'market contract did not answer currentPrices()',
      );
    }
  });
  return prices;
}
