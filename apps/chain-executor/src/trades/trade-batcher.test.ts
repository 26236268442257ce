/* The executor with batched sends (TRADE_BATCH_MAX > 1) against a real anvil and MariaDB. */
import { describe, expect, it } from '@jest/globals';
import { delegatesToBatchExecutor } from '../chain/batch-delegation.js';
import { AppError } from '#shared/errors/app-error.js';
import { createGroupedOutbox } from '../outbox/grouped-outbox.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { executeTrade } from '../use-cases/execute-trade.use-case.js';
import {
  buy,
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  executorTransactionCount,
  holdingsOf,
  insertMarketTrade,
  insertTestTrade,
  racingWriter,
  traceOf,
  tradeIdUsed,
  tradeDeps,
  tradeOf,
  useMarketTestbed,
  USDC,
  EXECUTOR_COMPLETED_TRACE,
  FAILED_AFTER_SEND_TRACE,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import { createTradeBatcher, type BatchSpacing, type TradeBatcher } from './trade-batcher.js';

const testbed = useMarketTestbed();

/**
 * As trade-workers.ts wires a batching executor: batched sends and grouped outbox transactions; `gather` wraps the
 * batcher (gatheredBatcher).
 */
function batchedDeps(
  options: { writer?: ChainWriter; spacing?: BatchSpacing; gather?: (batcher: TradeBatcher) => TradeBatcher } = {},
) {
  const { writer = testbed.fixture.executor, spacing, gather = (batcher) => batcher } = options;
  const batcher = createTradeBatcher(writer, {
    maxBatch: 32,
    logger: testbed.logs.logger,
    ...(spacing && { spacing }),
  });
  return tradeDeps(testbed, {
    writer,
    batcher: gather(batcher),
    outbox: createGroupedOutbox(createOutboxTransaction(testbed.db, undefined), { maxGroup: 32 }),
  });
}

/**
 * `batcher` holding each submitted trade until all of `tradeIds` are ready, then submitting them in that order in one
 * turn of the event loop: one batch, in a known order, whatever the timing of each trade's reads and moves.
 */
function gatheredBatcher(batcher: TradeBatcher, tradeIds: readonly string[]): TradeBatcher {
  const ready = new Map<string, () => void>();
  return {
    submit(trade) {
      if (!tradeIds.includes(trade.tradeId)) throw new Error(`trade ${trade.tradeId} is not one of the gathered batch`);
      return new Promise((resolve, reject) => {
        ready.set(trade.tradeId, () => void batcher.submit(trade).then(resolve, reject));
        if (ready.size === tradeIds.length) for (const id of tradeIds) ready.get(id)?.();
      });
    },
  };
}

describe('trades sent several per transaction', () => {
  it('completes concurrent trades in shared transactions, each executed once, with the full trace', async () => {
    const deps = batchedDeps();
    const traders = await Promise.all(Array.from({ length: 6 }, () => createTrader(testbed)));
    const trades = await Promise.all(traders.map((trader) => insertMarketTrade(testbed, trader, 10n * USDC)));
    const sentBefore = await executorTransactionCount(testbed);

    const outcomes = await Promise.all(trades.map((trade) => executeTrade(deps, { tradeId: trade.id })));

    expect(outcomes).toEqual(trades.map(() => 'completed'));
    const done = await Promise.all(trades.map((trade) => tradeOf(testbed.db, trade.id)));
    // Fewer transactions than trades: the first went alone, the rest waited for it and shared the next ones.
    expect(new Set(done.map((trade) => trade.txHash)).size).toBeLessThan(trades.length);
    expect((await executorTransactionCount(testbed)) - sentBefore).toBeLessThan(trades.length + 1);
    for (const [index, trade] of done.entries()) {
      const executions = await executionsOf(testbed, traders[index]!.account, trade.id);
      expect(executions).toHaveLength(1);
      expect(trade.txHash).toBe(executions[0]!.transactionHash);
      expect(trade.tokensOut).toBe(executions[0]!.args.amountOut);
      expect(await traceOf(testbed.db, trade)).toEqual([...EXECUTOR_COMPLETED_TRACE]);
      expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    }
  });

  it('spaces one replica’s sends by TRADE_BATCH_INTERVAL_MS: trades arriving meanwhile share the next batch', async () => {
    const deps = batchedDeps({ spacing: { fixedMs: 500 } });
    const traders = await Promise.all(Array.from({ length: 6 }, () => createTrader(testbed)));
    const [lone, ...later] = await Promise.all(traders.map((trader) => insertMarketTrade(testbed, trader, 10n * USDC)));
    const started = Date.now();
    await expect(executeTrade(deps, { tradeId: lone!.id })).resolves.toBe('completed');

    // Without the interval the first of these would go alone at once (the test above): here all wait for one batch.
    const outcomes = await Promise.all(later.map((trade) => executeTrade(deps, { tradeId: trade.id })));
    expect(outcomes).toEqual(later.map(() => 'completed'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const done = await Promise.all(later.map((trade) => tradeOf(testbed.db, trade.id)));
    expect(new Set(done.map((trade) => trade.txHash)).size).toBe(1);
    expect(done[0]!.txHash).not.toBe((await tradeOf(testbed.db, lone!.id)).txHash);
  });

  it('fails the one trade the chain refuses and completes its batch-mates', async () => {
    const deps = batchedDeps();
    const [rich, poor] = await Promise.all([createTrader(testbed), createTrader(testbed, 1n * USDC)]);
    const [ok, overdrawn, alsoOk] = await Promise.all([
      insertMarketTrade(testbed, rich, 5n * USDC),
      insertMarketTrade(testbed, poor, 50n * USDC),
      insertMarketTrade(testbed, rich, 7n * USDC),
    ]);

    const outcomes = await Promise.all(
      [ok, overdrawn, alsoOk].map((trade) => executeTrade(deps, { tradeId: trade.id })),
    );

    expect(outcomes).toEqual(['completed', 'failed', 'completed']);
    expect(await tradeOf(testbed.db, overdrawn.id)).toMatchObject({
      status: 'failed',
      errorCode: 'INSUFFICIENT_BALANCE',
    });
    expect(await executionsOf(testbed, poor.account, overdrawn.id)).toHaveLength(0);
    expect(await eventTypesOf(testbed.db, overdrawn)).toEqual(['trade.failed']);
  });

  it('fails with SLIPPAGE_EXCEEDED the one trade whose guard the mined batch cannot meet and completes its batch-mates', async () => {
    // Two buys on the suite's market around one buy on a market of its own; between the batch's simulation and its
    // send, a large competing buy on that market raises the price, so that call alone reverts inside the mined batch.
    const other = await createMarket(testbed);
    const trader = () => createTrader(testbed);
    const [first, slipping, last, competitor] = await Promise.all([trader(), trader(), trader(), trader()]);
    const [ok, slipped, alsoOk] = await Promise.all([
      insertMarketTrade(testbed, first, 5n * USDC),
      insertTestTrade(testbed.db, { trader: slipping, marketId: other.marketId, usdc: 10n * USDC }),
      insertMarketTrade(testbed, last, 7n * USDC),
    ]);
    const race = racingWriter(testbed.fixture.executor, () =>
      buy(testbed, { account: competitor.account, market: other.market, usdc: 300n * USDC }),
    );
    const deps = batchedDeps({
      writer: race.writer,
      gather: (batcher) => gatheredBatcher(batcher, [ok.id, slipped.id, alsoOk.id]),
    });
    const completing = [
      { trade: ok, trader: first, usdc: 5n * USDC },
      { trade: alsoOk, trader: last, usdc: 7n * USDC },
    ];
    const before = {
      completing: await Promise.all(
        completing.map(({ trader }) => holdingsOf(testbed, trader.account, testbed.market)),
      ),
      slipping: await holdingsOf(testbed, slipping.account, other.market),
    };

    const outcomes = await Promise.all([ok, slipped, alsoOk].map((trade) => executeTrade(deps, { tradeId: trade.id })));

    expect(race.moved()).toBe(true);
    expect(outcomes).toEqual(['completed', 'failed', 'completed']);
    const failed = await tradeOf(testbed.db, slipped.id);
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 'SLIPPAGE_EXCEEDED',
      errorMessage: 'The price moved beyond the slippage tolerance before the trade executed',
      tokensOut: null,
    });
    // The batch was mined (its other calls took effect); the failed trade carries its hash, as its batch-mates do.
    const txHash = failed.txHash!;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await testbed.fixture.reader.publicClient.getTransactionReceipt({ hash: txHash });
    expect(receipt).toMatchObject({ status: 'success', to: testbed.fixture.executor.account.address.toLowerCase() });
    expect(await traceOf(testbed.db, failed)).toEqual([...FAILED_AFTER_SEND_TRACE]);
    expect(await eventTypesOf(testbed.db, failed)).toEqual(['trade.failed']);
    expect(await executionsOf(testbed, slipping.account, slipped.id)).toHaveLength(0);
    expect(await tradeIdUsed(testbed, slipping.account, slipped.id)).toBe(false);
    expect(await holdingsOf(testbed, slipping.account, other.market)).toEqual(before.slipping);

    for (const [index, { trade, trader, usdc }] of completing.entries()) {
      const done = await tradeOf(testbed.db, trade.id);
      const executions = await executionsOf(testbed, trader.account, trade.id);
      expect(executions).toHaveLength(1);
      const [execution] = executions;
      expect(done).toMatchObject({ status: 'completed', txHash, tokensOut: execution!.args.amountOut });
      expect(execution!.transactionHash).toBe(txHash);
      expect(execution!.args.amountIn).toBe(usdc);
      expect(done.tokensOut).toBeGreaterThan(0n);
      const [tokensBefore = 0n, ...othersBefore] = before.completing[index]!.tokens;
      expect(await holdingsOf(testbed, trader.account, testbed.market)).toEqual({
        usdc: before.completing[index]!.usdc - usdc,
        tokens: [tokensBefore + done.tokensOut!, ...othersBefore],
      });
      expect(await traceOf(testbed.db, done)).toEqual([...EXECUTOR_COMPLETED_TRACE]);
      expect(await eventTypesOf(testbed.db, done)).toEqual(['trade.completed']);
    }
  });

  it('executes a job delivered twice at once exactly once', async () => {
    const deps = batchedDeps();
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 3n * USDC);

    const outcomes = await Promise.all([
      executeTrade(deps, { tradeId: trade.id }),
      executeTrade(deps, { tradeId: trade.id }),
    ]);

    // The second run found the trade taken: before its read (not_pending) or at its conditional move (lost_race).
    expect(outcomes.filter((outcome) => outcome === 'completed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'not_pending' || outcome === 'lost_race')).toHaveLength(1);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('delegates the executor again when the delegation is gone, retrying the trades of the batch that found it so', async () => {
    const deps = batchedDeps();
    const trader = await createTrader(testbed);
    const first = await insertMarketTrade(testbed, trader, 2n * USDC);
    await expect(executeTrade(deps, { tradeId: first.id })).resolves.toBe('completed');
    const executor = testbed.fixture.executor.account.address;
    await testbed.fixture.chain.testClient.setCode({ address: executor, bytecode: '0x' });
    expect(await delegatesToBatchExecutor(testbed.fixture.reader, executor)).toBe(false);

    const lost = await insertMarketTrade(testbed, trader, 2n * USDC);
    const refused = await executeTrade(deps, { tradeId: lost.id }).catch((error: unknown) => error);
    // Nothing was sent: a transient failure, the trade back to pending for its job's retry.
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(await tradeOf(testbed.db, lost.id)).toMatchObject({ status: 'pending' });

    await expect(executeTrade(deps, { tradeId: lost.id })).resolves.toBe('completed');
    expect(await delegatesToBatchExecutor(testbed.fixture.reader, executor)).toBe(true);
    expect(await executionsOf(testbed, trader.account, lost.id)).toHaveLength(1);
  });
});
