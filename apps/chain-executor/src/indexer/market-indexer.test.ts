import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { insertApiKeyRow, insertTradeRow, insertUserRow } from '../../../../migrations/constraint-test-rows.js';
import {
  cancelMarket,
  freezeMarket,
  resolveMarket,
  unfreezeMarket,
} from '../../../admin-cli/src/chain/market-admin.js';
import { readMarketPrices } from '#shared/chain/market-reads.js';
import { createFixtureMarket, createFundedAccount } from '#tooling/testing/chain-test-fixtures.js';
import { wadToDecimalString } from '#shared/db/column-values.js';
import { listChainMarkets } from '#shared/db/markets/markets.repository.js';
import { indexBlockRange, type IndexerContext } from './index-block-range.js';
import { noIndexerMetrics } from './indexer-metrics.js';
import {
  buy,
  createLinkedMarket,
  cursorBlock,
  linkMarket,
  marketRowOf,
  marketTradesOf,
  pricePointsOf,
  sell,
  USDC,
  useIndexerTestbed,
  waitFor,
  waitForIndexedTx,
  waitForTradeCount,
  waitUntilCaughtUp,
  type Row,
} from '#tooling/kits/chain-executor/indexer-test-kit.js';

const WAD = 10n ** 18n;
const sum = (values: unknown[]): bigint => values.reduce<bigint>((total, value) => total + BigInt(String(value)), 0n);
const wadList = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : value) as string[];

const testbed = useIndexerTestbed();

describe('market indexer', () => {
  it('indexes buys and sells from several accounts, with volumes, traders and prices', async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const [alice, bob, carol] = [
      (await createFundedAccount(testbed.fixture)).account,
      (await createFundedAccount(testbed.fixture)).account,
      (await createFundedAccount(testbed.fixture)).account,
    ];
    await waitUntilCaughtUp(testbed, testbed.startIndexer());

    const aliceBuy = await buy(testbed, { account: alice!, market, outcomeIndex: 0, usdc: 30n * USDC });
    await waitForIndexedTx(testbed, aliceBuy.txHash);
    const bobBuy = await buy(testbed, { account: bob!, market, outcomeIndex: 1, usdc: 20n * USDC });
    await waitForIndexedTx(testbed, bobBuy.txHash);
    const carolBuy = await buy(testbed, { account: carol!, market, outcomeIndex: 0, usdc: 12_500_000n });
    await waitForIndexedTx(testbed, carolBuy.txHash);
    const aliceSell = await sell(testbed, {
      account: alice!,
      market,
      outcomeIndex: 0,
      tokens: aliceBuy.amountOut / 2n,
    });
    await waitForIndexedTx(testbed, aliceSell.txHash);

    const trades = await marketTradesOf(testbed.db, marketId);
    expect(
      trades.map((row) => [row.trader, row.side, row.outcome_index, String(row.usdc), String(row.tokens)]),
    ).toEqual([
      [alice, 'buy', 0, String(30n * USDC), String(aliceBuy.amountOut)],
      [bob, 'buy', 1, String(20n * USDC), String(bobBuy.amountOut)],
      [carol, 'buy', 0, '12500000', String(carolBuy.amountOut)],
      [alice, 'sell', 0, String(aliceSell.amountOut), String(aliceBuy.amountOut / 2n)],
    ]);
    expect(trades.map((row) => row.tx_hash)).toEqual(
      [aliceBuy, bobBuy, carolBuy, aliceSell].map((trade) => trade.txHash.toLowerCase()),
    );
    expect(trades.every((row) => row.trade_id === null && row.chain_id === testbed.chainId)).toBe(true);

    const points = await pricePointsOf(testbed.db, marketId);
    expect(points).toHaveLength(4);
    const volumes = [30n * USDC, 20n * USDC, 12_500_000n, aliceSell.amountOut];
    const total = volumes.reduce((a, b) => a + b, 0n);
    expect(points.map((point) => BigInt(String(point.cumulative_volume)))).toEqual([
      volumes[0],
      volumes[0]! + volumes[1]!,
      volumes[0]! + volumes[1]! + volumes[2]!,
      total,
    ]);
    for (const point of points) {
      expect(sum(wadList(point.probabilities))).toBe(WAD);
      expect(sum(wadList(point.prices))).toBe(WAD);
    }

    const onChain = await readMarketPrices(testbed.fixture.reader, market);
    const last = trades[3]!;
    expect(BigInt(String(last.probability_after))).toBe(onChain.q[0]);
    expect(BigInt(String(last.price))).toBe((aliceSell.amountOut * 10n ** 30n) / (aliceBuy.amountOut / 2n));
    const row = await marketRowOf(testbed.db, marketId);
    expect({
      atomic: String(row.total_volume_atomic),
      cents: String(row.total_volume_cents),
      trades: row.trade_count,
      traders: row.unique_traders,
      prices: wadList(row.current_prices),
      probabilities: wadList(row.current_probabilities),
      probability: String(row.current_probability),
    }).toEqual({
      atomic: String(total),
      cents: String(total / 10_000n),
      trades: 4,
      traders: 3,
      prices: onChain.p.map(String),
      probabilities: onChain.q.map(String),
      probability: wadToDecimalString(onChain.q[0]!),
    });
  });

  it('resumes after a restart from its cursor without duplicating rows', async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    const first = testbed.startIndexer();
    await waitUntilCaughtUp(testbed, first);
    await waitForIndexedTx(testbed, (await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC })).txHash);
    await testbed.stopIndexers();
    const stoppedAt = await cursorBlock(testbed);
    const linesBefore = testbed.logs.lines().length;

    await buy(testbed, { account, market, outcomeIndex: 1, usdc: 2n * USDC });
    await buy(testbed, { account, market, outcomeIndex: 0, usdc: 3n * USDC });
    const second = testbed.startIndexer();
    await waitForTradeCount(testbed, marketId, 3);
    await waitUntilCaughtUp(testbed, second);

    const after = testbed.logs.lines().slice(linesBefore);
    const ranges = after.filter((line) => line.event === 'indexer.range');
    expect(ranges[0]).toMatchObject({ fromBlock: Number(stoppedAt! + 1n) });
    expect(after.filter((line) => line.event === 'indexer.markets_registered')).toEqual([]);
    expect(await marketTradesOf(testbed.db, marketId)).toHaveLength(3);
    expect(await pricePointsOf(testbed.db, marketId)).toHaveLength(3);
    expect(await marketRowOf(testbed.db, marketId)).toMatchObject({ trade_count: 3, unique_traders: 1 });
  });

  it('changes nothing when an already indexed range is replayed', async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    await buy(testbed, { account, market, outcomeIndex: 0, usdc: 5n * USDC });
    await buy(testbed, { account, market, outcomeIndex: 1, usdc: 7n * USDC });
    await waitUntilCaughtUp(testbed, testbed.startIndexer());
    await testbed.stopIndexers();
    const snapshot = async () => ({
      trades: (await testbed.db('market_trades').orderBy('id')) as Row[],
      points: (await testbed.db('price_points').orderBy('id')) as Row[],
      markets: (await testbed.db('markets').orderBy('id')) as Row[],
      cursors: (await testbed.db('chain_cursors').orderBy('name')) as Row[],
    });
    const before = await snapshot();
    expect(before.trades.filter((row) => row.market_id === marketId)).toHaveLength(2);

    const context: IndexerContext = {
      db: testbed.db,
      reader: testbed.fixture.reader,
      chainId: testbed.chainId,
      logger: testbed.logger,
      metrics: noIndexerMetrics,
      fence: async () => {},
    };
    const markets = await listChainMarkets(testbed.db, testbed.chainId);
    const range = { fromBlock: 0n, toBlock: (await cursorBlock(testbed))! };
    const replay = await indexBlockRange(context, { markets, range });
    expect(replay.trades).toBe(before.trades.length);
    await indexBlockRange(context, { markets, range: { fromBlock: range.toBlock - 1n, toBlock: range.toBlock } });

    expect(await snapshot()).toEqual(before);
  });

  it('applies freeze, unfreeze, resolve and cancel to the market status', async () => {
    const resolved = await createLinkedMarket(testbed, { outcomeCount: 3 });
    const cancelled = await createLinkedMarket(testbed);
    await waitUntilCaughtUp(testbed, testbed.startIndexer());
    const statusOf = async (marketId: string) => (await marketRowOf(testbed.db, marketId)).status;
    const waitForStatus = (marketId: string, status: string) =>
      waitFor(`${marketId} ${status}`, async () => (await statusOf(marketId)) === status);

    await freezeMarket(testbed.fixture.admin, resolved.market);
    await waitForStatus(resolved.marketId, 'FROZEN');
    await unfreezeMarket(testbed.fixture.admin, resolved.market);
    await waitForStatus(resolved.marketId, 'OPEN');
    const resolution = await resolveMarket(testbed.fixture.admin, { market: resolved.market, winners: [1, 2] });
    await waitForStatus(resolved.marketId, 'RESOLVED');
    await cancelMarket(testbed.fixture.admin, cancelled.market);
    await waitForStatus(cancelled.marketId, 'CANCELLED');

    const block = await testbed.fixture.reader.publicClient.getBlock({ blockNumber: resolution.blockNumber });
    const row = await marketRowOf(testbed.db, resolved.marketId);
    expect(wadList(row.winning_outcomes)).toEqual([1, 2]);
    expect(row.resolve_time).toEqual(new Date(Number(block.timestamp) * 1000));
    expect((await marketRowOf(testbed.db, cancelled.marketId)).resolve_time).toBeInstanceOf(Date);
  });

  it('backfills a market whose contract traded before its row was linked', async () => {
    const { marketId, market } = await createFixtureMarket(testbed.fixture);
    const { account } = await createFundedAccount(testbed.fixture);
    const indexer = testbed.startIndexer();
    const early = await buy(testbed, { account, market, outcomeIndex: 1, usdc: 4n * USDC });
    await waitUntilCaughtUp(testbed, indexer);
    expect(await cursorBlock(testbed)).toBeGreaterThanOrEqual(early.blockNumber);

    await linkMarket(testbed, { marketId, market });
    await waitForTradeCount(testbed, marketId, 1);
    expect((await marketTradesOf(testbed.db, marketId))[0]).toMatchObject({ tx_hash: early.txHash.toLowerCase() });
    expect(await marketRowOf(testbed.db, marketId)).toMatchObject({ trade_count: 1, total_volume_cents: '400' });
  });

  it("links a market trade to the platform trade that placed it, and leaves others' trades unlinked", async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    const userId = await insertUserRow(testbed.db);
    const apiKeyId = await insertApiKeyRow(testbed.db, userId);
    const tradeId = await insertTradeRow(testbed.db, { apiKeyId, userId, marketId });
    await waitUntilCaughtUp(testbed, testbed.startIndexer());

    const ours = await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC, tradeId });
    const unknown = await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC, tradeId: randomUUID() });
    await waitForTradeCount(testbed, marketId, 2);

    const byTx = new Map((await marketTradesOf(testbed.db, marketId)).map((row) => [row.tx_hash, row.trade_id]));
    expect(byTx.get(ours.txHash.toLowerCase())).toBe(tradeId);
    expect(byTx.get(unknown.txHash.toLowerCase())).toBeNull();
  });
});
