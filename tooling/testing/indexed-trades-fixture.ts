/* A market with indexed trades and their price points, as the chain indexer would have written them. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '#shared/db/transaction.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { upsertPricePoints } from '#shared/db/price-points/price-points.repository.js';

const WAD = 10n ** 18n;

export interface IndexedTrade {
  at: Date;
  /** Outcome 0's probability after the trade, in WAD-18 (a two-outcome market: outcome 1 holds the rest). */
  yes: bigint;
  /** USDC atomic-6 traded. */
  usdc: bigint;
}

/** A new YES/NO market on chain 31337 whose trades (in time order) were indexed with their price points. */
export async function insertMarketWithIndexedTrades(db: Queryable, trades: readonly IndexedTrade[]): Promise<string> {
  const market = await insertMarket(db, {
    question: 'Indexed?',
    category: 'misc',
    outcomes: ['YES', 'NO'],
    contractAddress: `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`,
    chainId: 31337,
  });
  const rows = trades.map((trade, index) => ({
    id: randomUUID(),
    marketId: market.id,
    chainId: 31337,
    txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
    logIndex: index,
    blockNumber: BigInt(index + 1),
    blockTime: trade.at,
    trader: '0x000000000000000000000000000000000000a11c',
    tradeId: null,
    outcomeIndex: 0,
    side: 'buy' as const,
    usdc: trade.usdc,
    tokens: WAD,
    price: WAD / 2n,
    probabilityAfter: trade.yes,
  }));
  await upsertMarketTrades(db, rows);
  let cumulativeVolume = 0n;
  await upsertPricePoints(
    db,
    rows.map((row) => {
      cumulativeVolume += row.usdc;
      const split = [row.probabilityAfter, WAD - row.probabilityAfter];
      const point = { marketId: market.id, marketTradeId: row.id, recordedAt: row.blockTime };
      return { ...point, blockNumber: row.blockNumber, prices: split, probabilities: split, cumulativeVolume };
    }),
  );
  return market.id;
}
