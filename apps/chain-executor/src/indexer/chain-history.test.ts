import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createFundedAccount, startChainFixture, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { buyThroughAccount } from '../chain/account-trades.js';
import { deployMarket } from '../../../admin-cli/src/chain/deploy-platform.js';
import { startMarketIndexer } from './market-indexer.js';
import {
  buy,
  createLinkedMarket,
  cursorBlock,
  marketRowOf,
  marketTradesOf,
  useIndexerTestbed,
  waitFor,
  waitForIndexedTx,
  waitForTradeCount,
  waitUntilCaughtUp,
} from '#tooling/kits/chain-executor/indexer-test-kit.js';

const testbed = useIndexerTestbed();

/** Indexes two buys on a new market, stops the indexer and reverts the chain to before them. */
async function indexTwoBuysThenRevert(settings: { reorgRewindBlocks?: number } = {}) {
  const { marketId, market } = await createLinkedMarket(testbed);
  const { account } = await createFundedAccount(testbed.fixture);
  await testbed.fixture.checkpoint();
  const indexer = testbed.startIndexer(settings);
  await waitUntilCaughtUp(testbed, indexer);
  for (const usdc of [USDC, 2n * USDC]) {
    await waitForIndexedTx(testbed, (await buy(testbed, { account, market, outcomeIndex: 0, usdc })).txHash);
  }
  await testbed.stopIndexers();
  const stoppedAt = (await cursorBlock(testbed))!;
  await testbed.fixture.reset();
  return { marketId, market, account, stoppedAt, logsFrom: testbed.logs.lines().length };
}

const eventsSince = (from: number, event: string) =>
  testbed.logs
    .lines()
    .slice(from)
    .filter((line) => line.event === event);

describe('market indexer on a changed chain', () => {
  it('re-indexes from scratch when the chain head is behind the cursor (a fresh or reverted chain)', async () => {
    const { marketId, market, account, stoppedAt, logsFrom } = await indexTwoBuysThenRevert();
    const survivor = await buy(testbed, { account, market, outcomeIndex: 1, usdc: 3n * USDC });
    expect(survivor.blockNumber).toBeLessThan(stoppedAt);

    const indexer = testbed.startIndexer();
    // The stale cursor is already past the head: wait for the reset before waiting to catch up.
    await waitFor('the reset', () => eventsSince(logsFrom, 'indexer.chain_reset').length > 0);
    await waitUntilCaughtUp(testbed, indexer);
    expect((await marketTradesOf(testbed.db, marketId)).map((row) => row.tx_hash)).toEqual([
      survivor.txHash.toLowerCase(),
    ]);
    expect(await marketRowOf(testbed.db, marketId)).toMatchObject({ trade_count: 1, total_volume_cents: '300' });
    expect(eventsSince(logsFrom, 'indexer.fresh_chain')).toEqual([
      expect.objectContaining({ level: 'warn', reason: 'head-behind-cursor', cursorBlock: Number(stoppedAt) }),
    ]);
  });

  it('rewinds to a safe point and re-indexes when the cursor block was re-orged away', async () => {
    const { marketId, market, account, stoppedAt, logsFrom } = await indexTwoBuysThenRevert({ reorgRewindBlocks: 2 });
    const replacements = [];
    for (const outcomeIndex of [1, 1, 0]) {
      replacements.push(await buy(testbed, { account, market, outcomeIndex, usdc: 5n * USDC }));
    }
    expect(replacements.at(-1)!.blockNumber).toBeGreaterThan(stoppedAt);

    const indexer = testbed.startIndexer({ reorgRewindBlocks: 2 });
    await waitFor('the rewind', () => eventsSince(logsFrom, 'indexer.reorg').length > 0);
    await waitUntilCaughtUp(testbed, indexer);
    expect((await marketTradesOf(testbed.db, marketId)).map((row) => row.tx_hash)).toEqual(
      replacements.map((trade) => trade.txHash.toLowerCase()),
    );
    expect(await marketRowOf(testbed.db, marketId)).toMatchObject({ trade_count: 3, total_volume_cents: '1500' });
    expect(eventsSince(logsFrom, 'indexer.reorg')).toEqual([
      expect.objectContaining({ level: 'warn', rewindTo: Number(stoppedAt - 2n) }),
    ]);
    expect(eventsSince(logsFrom, 'indexer.fresh_chain')).toEqual([]);
  });

  it('drops the old chain rows when the RPC now serves a new chain that grew past the cursor', async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    await waitUntilCaughtUp(testbed, testbed.startIndexer());
    await waitForIndexedTx(testbed, (await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC })).txHash);
    await testbed.stopIndexers();
    const stoppedAt = (await cursorBlock(testbed))!;

    const fresh = await startChainFixture();
    try {
      // As `npm start` on a new dev chain: redeploy the market under its id and relink the row.
      const block = await fresh.reader.publicClient.getBlock();
      const { address } = await deployMarket(fresh.admin, fresh.platform, {
        marketId,
        outcomeCount: 2,
        initialReserve: 100n * USDC,
        endTime: new Date(Number(block.timestamp + 86_400n) * 1000),
        mintInitialReserve: true,
      });
      await testbed.db('markets').where({ id: marketId }).update({ contract_address: address });
      await fresh.chain.testClient.mine({ blocks: Number(stoppedAt) + 5 });
      const logsFrom = testbed.logs.lines().length;
      const { account: newAccount } = await createFundedAccount(fresh);
      const indexer = startMarketIndexer(
        { db: testbed.db, reader: fresh.reader, logger: testbed.logger },
        { pollMs: 200, maxBlockRange: 2_000, leaderRetryMs: 100 },
      );
      try {
        await waitFor('the fresh chain to be detected', () => eventsSince(logsFrom, 'indexer.chain_reset').length > 0);
        expect(await marketTradesOf(testbed.db, marketId)).toEqual([]);
        const trade = await buyThroughAccount(fresh.executor, {
          ...testbed.fixture.route,
          account: newAccount,
          market: address,
          outcomeIndex: 0,
          usdcIn: USDC,
          minTokensOut: 0n,
          tradeId: randomUUID(),
        });
        await waitForTradeCount(testbed, marketId, 1);
        expect((await marketTradesOf(testbed.db, marketId))[0]).toMatchObject({ tx_hash: trade.txHash.toLowerCase() });
        expect(eventsSince(logsFrom, 'indexer.fresh_chain')).toEqual([
          expect.objectContaining({ level: 'warn', reason: 'genesis-changed' }),
        ]);
      } finally {
        await indexer.stop();
      }
    } finally {
      await fresh.stop();
    }
  });
});
