import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import {
  deleteChainActivity,
  readMarketActivityTotals,
  sumMarketVolumesBefore,
  upsertMarketTrades,
  type NewMarketTrade,
} from './market-trades.repository.js';
import { findExistingTradeIds } from '../trades/trade-lists.repository.js';
import {
  listChainMarkets,
  updateMarketAggregates,
  findMarketById,
  insertMarket,
} from '../markets/markets.repository.js';
import { upsertPricePoints } from '../price-points/price-points.repository.js';

const WAD = 10n ** 18n;
const CHAIN = 31337;

describe('market activity repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  const newMarket = (chainId: number | null = CHAIN) =>
    insertMarket(test.db, {
      question: 'Q?',
      category: 'misc',
      outcomes: ['YES', 'NO'],
      contractAddress: chainId === null ? null : `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`,
      chainId,
    });

  const trade = (marketId: string, block: bigint, trader: string, usdc: bigint): NewMarketTrade => ({
    id: randomUUID(),
    marketId,
    chainId: CHAIN,
    txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
    logIndex: 0,
    blockNumber: block,
    blockTime: new Date(Number(block) * 1000),
    trader,
    tradeId: null,
    outcomeIndex: 0,
    side: 'buy',
    usdc,
    tokens: 2n * WAD,
    price: WAD / 2n,
    probabilityAfter: WAD / 2n,
  });

  const point = (row: NewMarketTrade, p0: bigint, cumulative: bigint) => ({
    marketId: row.marketId,
    marketTradeId: row.id,
    recordedAt: row.blockTime,
    blockNumber: row.blockNumber,
    prices: [p0, WAD - p0],
    probabilities: [p0 + 1n, WAD - p0 - 1n],
    cumulativeVolume: cumulative,
  });

  it('lists only markets with a contract on the chain', async () => {
    const here = await newMarket();
    const elsewhere = await newMarket(1);
    const offChain = await newMarket(null);
    const ids = (await listChainMarkets(test.db, CHAIN)).map((market) => market.id);
    expect(ids).toContain(here.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(offChain.id);
  });

  it('upserts trades and points idempotently and totals them per market', async () => {
    const market = await newMarket();
    const rows = [trade(market.id, 10n, '0xA', 1_500_000n), trade(market.id, 12n, '0xB', 2_000_000n)];
    rows.push({ ...trade(market.id, 12n, '0xA', 500_000n), logIndex: 3 });
    const points = [point(rows[0]!, WAD / 2n, 1_500_000n), point(rows[1]!, WAD / 4n, 3_500_000n)];
    points.push(point(rows[2]!, WAD / 5n, 4_000_000n));
    for (let pass = 0; pass < 2; pass += 1) {
      await upsertMarketTrades(test.db, rows);
      await upsertPricePoints(test.db, points);
    }

    const [totals] = await readMarketActivityTotals(test.db, [market.id]);
    expect(totals).toEqual({
      marketId: market.id,
      volumeAtomic: 4_000_000n,
      tradeCount: 3,
      uniqueTraders: 2,
      latestPrices: [String(WAD / 5n), String(WAD - WAD / 5n)],
      latestProbabilities: [String(WAD / 5n + 1n), String(WAD - WAD / 5n - 1n)],
    });
    expect(await sumMarketVolumesBefore(test.db, [market.id], 12n)).toEqual(new Map([[market.id, 1_500_000n]]));
  });

  it('reports zero totals and no prices for a market without trades', async () => {
    const market = await newMarket();
    expect(await readMarketActivityTotals(test.db, [market.id])).toEqual([
      {
        marketId: market.id,
        volumeAtomic: 0n,
        tradeCount: 0,
        uniqueTraders: 0,
        latestPrices: null,
        latestProbabilities: null,
      },
    ]);
  });

  it('writes aggregates and keeps current values when none are given', async () => {
    const market = await newMarket();
    const current = {
      prices: ['600000000000000000', '400000000000000000'],
      probabilities: ['690000000000000000', '310000000000000000'],
    };
    await updateMarketAggregates(test.db, market.id, {
      totalVolumeAtomic: 12_345_678n,
      totalVolumeCents: 1_234n,
      tradeCount: 2,
      uniqueTraders: 1,
      current,
    });
    await updateMarketAggregates(test.db, market.id, {
      totalVolumeAtomic: 0n,
      totalVolumeCents: 0n,
      tradeCount: 0,
      uniqueTraders: 0,
    });
    expect(await findMarketById(test.db, market.id)).toMatchObject({
      totalVolumeAtomic: 0n,
      tradeCount: 0,
      currentPrices: current.prices,
      currentProbabilities: current.probabilities,
      currentProbability: 0.69,
    });
  });

  it('deletes a chain activity above a block, with its price points, and names the touched markets', async () => {
    const market = await newMarket();
    const rows = [trade(market.id, 20n, '0xA', 1n), trade(market.id, 21n, '0xA', 2n), trade(market.id, 22n, '0xA', 3n)];
    await upsertMarketTrades(test.db, rows);
    await upsertPricePoints(
      test.db,
      rows.map((row, index) => point(row, WAD / 2n, BigInt(index))),
    );

    expect(await deleteChainActivity(test.db, { chainId: CHAIN, aboveBlock: 20n })).toContain(market.id);
    const remaining = await test.db('market_trades').where({ market_id: market.id }).pluck('id');
    expect(remaining).toEqual([rows[0]!.id]);
    expect(await test.db('price_points').where({ market_id: market.id }).pluck('market_trade_id')).toEqual([
      rows[0]!.id,
    ]);
    expect(await deleteChainActivity(test.db, { chainId: 5 })).toEqual([]);
  });

  it('finds which trade ids exist in trades', async () => {
    expect(await findExistingTradeIds(test.db, [])).toEqual(new Set());
    expect(await findExistingTradeIds(test.db, [randomUUID()])).toEqual(new Set());
  });
});
