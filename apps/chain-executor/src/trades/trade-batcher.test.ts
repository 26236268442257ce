/* The executor with batched sends (TRADE_BATCH_MAX > 1) against a real anvil and MariaDB. */
import { describe, expect, it } from '@jest/globals';
import { delegatesToBatchExecutor } from '#shared/chain/index.js';
import { AppError } from '#shared/errors/index.js';
import { createGroupedOutbox, createOutboxTransaction } from '#shared/messaging/index.js';
import { executeTrade } from '../use-cases/execute-trade.use-case.js';
import {
  createTrader,
  eventTypesOf,
  executionsOf,
  executorTransactionCount,
  insertTestTrade,
  traceOf,
  tradeDeps,
  tradeOf,
  useMarketTestbed,
  USDC,
  EXECUTOR_COMPLETED_TRACE,
} from '../testing/trade-executor-test-kit.js';
import { createTradeBatcher } from './trade-batcher.js';

const testbed = useMarketTestbed();

/** As trade-workers.ts wires a batching executor: batched sends and grouped outbox transactions. */
const batchedDeps = () =>
  tradeDeps(testbed, {
    batcher: createTradeBatcher(testbed.fixture.executor, { maxBatch: 32, logger: testbed.logs.logger }),
    outbox: createGroupedOutbox(createOutboxTransaction(testbed.db, undefined), { maxGroup: 32 }),
  });

describe('trades sent several per transaction', () => {
  it('completes concurrent trades in shared transactions, each executed once, with the full trace', async () => {
    const deps = batchedDeps();
    const traders = await Promise.all(Array.from({ length: 6 }, () => createTrader(testbed)));
    const trades = await Promise.all(
      traders.map((trader) => insertTestTrade(testbed.db, { trader, marketId: testbed.marketId, usdc: 10n * USDC })),
    );
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

  it('fails the one trade the chain refuses and completes its batch-mates', async () => {
    const deps = batchedDeps();
    const [rich, poor] = await Promise.all([createTrader(testbed), createTrader(testbed, 1n * USDC)]);
    const [ok, overdrawn, alsoOk] = await Promise.all([
      insertTestTrade(testbed.db, { trader: rich, marketId: testbed.marketId, usdc: 5n * USDC }),
      insertTestTrade(testbed.db, { trader: poor, marketId: testbed.marketId, usdc: 50n * USDC }),
      insertTestTrade(testbed.db, { trader: rich, marketId: testbed.marketId, usdc: 7n * USDC }),
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

  it('executes a job delivered twice at once exactly once', async () => {
    const deps = batchedDeps();
    const trader = await createTrader(testbed);
    const trade = await insertTestTrade(testbed.db, { trader, marketId: testbed.marketId, usdc: 3n * USDC });

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
    const first = await insertTestTrade(testbed.db, { trader, marketId: testbed.marketId, usdc: 2n * USDC });
    await expect(executeTrade(deps, { tradeId: first.id })).resolves.toBe('completed');
    const executor = testbed.fixture.executor.account.address;
    await testbed.fixture.chain.testClient.setCode({ address: executor, bytecode: '0x' });
    expect(await delegatesToBatchExecutor(testbed.fixture.reader, executor)).toBe(false);

    const lost = await insertTestTrade(testbed.db, { trader, marketId: testbed.marketId, usdc: 2n * USDC });
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
