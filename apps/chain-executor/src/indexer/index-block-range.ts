/*
 * Indexes one block range for a set of markets: reads the logs, block times, the prices after each traded block
 * and the executor's trade ids, then writes trades, price points, aggregates and lifecycle changes in ONE
 * transaction (plus whatever the caller adds to it, such as moving the cursor).
 */
import { getAddress, type Address } from 'viem';
import { marketAbi } from '../../../../shared/contracts/artifacts/index.js';
import { fetchMarketLogs, withBlockTimestamps } from '../chain/market-events.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { type MarketPrices } from '#shared/chain/market-reads.js';
import { applyMarketChainStatus, type ChainMarket } from '#shared/db/markets/markets.repository.js';
import { findExistingTradeIds } from '#shared/db/trades/trade-lists.repository.js';
import { sumMarketVolumesBefore, upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { upsertPricePoints } from '#shared/db/price-points/price-points.repository.js';
import type { Knex } from '#shared/db/create-knex.js';
import { withTransaction, type Queryable } from '#shared/db/transaction.js';
import type { Logger } from '#shared/logger/logger.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { BlockRange } from './block-range-plan.js';
import type { IndexerMetrics } from './indexer-metrics.js';
import { mapInBatches } from './map-in-batches.js';
import { enqueueMarketNotices, publishMarketNotices } from './market-notices.js';
import { buildRangeRows, isTradeEvent, priceKey, type TradeEvent } from './market-trade-rows.js';
import { refreshMarketAggregates } from './refresh-market-aggregates.js';
import { fetchTradeExecutions, matchTradeExecutions } from './trade-executions.js';

/** Parallel `eth_call`s when reading prices for many traded blocks or markets at once. */
export const PRICE_READ_CONCURRENCY = 8;

/** What every indexing step needs. */
export interface IndexerContext {
  db: Knex;
  reader: ChainReader;
  chainId: number;
  logger: Logger;
  metrics: IndexerMetrics;
  /** Throws when this replica no longer leads; runs first in each write transaction. */
  fence(trx: Queryable): Promise<void>;
  /** Publishes the market notices of a range right after its commit; absent = the outbox relay sends them. */
  amqp?: AmqpConnectionManager;
}

export interface RangeSummary {
  events: number;
  trades: number;
  statusChanges: number;
}

/**
 * Indexes `range` for `markets`. Idempotent: replaying a range rewrites the same rows and the same aggregates.
 * `inTransaction` runs last inside the write transaction (the follower moves its cursor there).
 */
export async function indexBlockRange(
  context: IndexerContext,
  input: {
    markets: readonly ChainMarket[];
    range: BlockRange;
    inTransaction?: (trx: Knex.Transaction) => Promise<void>;
  },
): Promise<RangeSummary> {
  const { reader } = context;
  const { range } = input;
  const addresses = input.markets.map((market) => getAddress(market.contractAddress));
  const logs = await fetchMarketLogs(reader, {
    addresses,
    ...range,
    maxBlockRange: range.toBlock - range.fromBlock + 1n,
  });
  const trades = logs.filter(isTradeEvent);
  const [events, executions, pricesAt] = await Promise.all([
    withBlockTimestamps(reader, logs),
    trades.length > 0 ? fetchTradeExecutions(reader, { markets: addresses, ...range }) : Promise.resolve([]),
    readPricesAfterTrades(reader, trades),
  ]);
  const linked = matchTradeExecutions(trades, executions);
  const marketIds = new Map(input.markets.map((market) => [market.contractAddress.toLowerCase(), market.id]));

  const rows = await withTransaction(context.db, async (trx) => {
    await context.fence(trx);
    const existing = await findExistingTradeIds(trx, [...linked.values()]);
    const tradeIds = new Map([...linked].filter(([, tradeId]) => existing.has(tradeId)));
    const tradedIds = [...new Set(trades.map((trade) => marketIds.get(trade.market.toLowerCase())))];
    const volumeBefore = await sumMarketVolumesBefore(
      trx,
      tradedIds.filter((id): id is string => id !== undefined),
      range.fromBlock,
    );
    const built = buildRangeRows({ chainId: context.chainId, events, marketIds, pricesAt, tradeIds, volumeBefore });
    await upsertMarketTrades(trx, built.trades);
    await upsertPricePoints(trx, built.pricePoints);
    await refreshMarketAggregates(trx, built.tradedMarketIds);
    for (const change of built.statusChanges) await applyMarketChainStatus(trx, change);
    const changedIds = [...built.tradedMarketIds, ...built.statusChanges.map((change) => change.marketId)];
    const notices = await enqueueMarketNotices(trx, changedIds);
    await input.inTransaction?.(trx);
    return { ...built, notices };
  });
  await publishMarketNotices(context.db, context.amqp, rows.notices);
  context.metrics.countEvents(events);
  return { events: events.length, trades: rows.trades.length, statusChanges: rows.statusChanges.length };
}

/** `currentPrices()` of each traded market at the end of each block that has its trades. */
async function readPricesAfterTrades(
  reader: ChainReader,
  trades: readonly TradeEvent[],
): Promise<Map<string, MarketPrices>> {
  const targets = new Map<string, { market: Address; blockNumber: bigint }>();
  for (const trade of trades) targets.set(priceKey(trade.market, trade.blockNumber), trade);
  const read = await mapInBatches([...targets], PRICE_READ_CONCURRENCY, async ([key, target]) => {
    const prices = await readPricesAtBlock(reader, target);
    return [key, prices] as const;
  });
  return new Map(read);
}

/** Like `readMarketPrices`, at a given block (the shared helper reads the latest state only). */
async function readPricesAtBlock(
  reader: ChainReader,
  target: { market: Address; blockNumber: bigint },
): Promise<MarketPrices> {
  const [p, q, c] = await withChainErrors(() =>
    reader.publicClient.readContract({
      address: target.market,
      abi: marketAbi,
      functionName: 'currentPrices',
      blockNumber: target.blockNumber,
    }),
  );
  return { p, q, c };
}

/** For logs: a range's numbers as plain numbers (pino cannot serialise bigint). */
export const rangeLogFields = (range: BlockRange, summary: RangeSummary, durationMs: number) => ({
  fromBlock: Number(range.fromBlock),
  toBlock: Number(range.toBlock),
  blocks: Number(range.toBlock - range.fromBlock + 1n),
  ...summary,
  durationMs,
});
