/* Crash recovery against a real anvil and MariaDB: trades left in flight settle from the chain, exactly once. */
import { describe, expect, it } from '@jest/globals';
import {
  maxUint256,
  serializeTransaction,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Hex,
  type Transaction,
} from 'viem';
import { batchGasLimit, sendCallBatch, simulateCallBatch } from '../chain/call-batches.js';
import { ensureBatchDelegation } from '../chain/batch-delegation.js';
import { markTradesHeld, recordTradeTxHash } from '#shared/db/trades/trades.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { startReconcileStalledTradesLoop } from '../loops/reconcile-stalled-trades.loop.js';
import {
  buy,
  createTrader,
  eventTypesOf,
  executionsOf,
  executorTransactionCount,
  forwardedBuy,
  insertMarketTrade,
  traceOf,
  tradeDeps,
  tradeOf,
  USDC,
  useMarketTestbed,
  writerWith,
  EXECUTOR_COMPLETED_TRACE,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import type { TradeExecutorDeps } from '../trades/trade-executor-deps.js';
import { createTradeBatcher } from '../trades/trade-batcher.js';
import { executeTrade } from './execute-trade.use-case.js';
import { reconcileStalledTrades, reconcileTrade } from './reconcile-trade.use-case.js';

const testbed = useMarketTestbed();

const STALLED_AFTER_MS = 60_000;
/** A clock past the stall window of everything written so far. */
const later = () => new Date(Date.now() + 2 * STALLED_AFTER_MS);
const settings = { stalledAfterMs: STALLED_AFTER_MS, batchSize: 50 };

/** A worker whose receipt never comes: it sends, records the hash, then hangs (and is abandoned, as if it died). */
function dyingAfterSend(): TradeExecutorDeps {
  const never = (() => new Promise<never>(() => undefined)) as never;
  return tradeDeps(testbed, {
    writer: writerWith(testbed.fixture.executor, { getTransactionReceipt: never, waitForTransactionReceipt: never }),
  });
}

const hashRecorded = (tradeId: string) =>
  waitFor('the tx hash to be recorded', async () => (await tradeOf(testbed.db, tradeId)).txHash);

describe('reconcileTrade', () => {
  it('completes a trade whose worker died between send and receipt exactly once, sending nothing more', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 7n * USDC);
    void executeTrade(dyingAfterSend(), { tradeId: trade.id });
    const txHash = await hashRecorded(trade.id);
    const sent = await executorTransactionCount(testbed);

    const outcomes = await reconcileStalledTrades(tradeDeps(testbed, { now: later }), settings);

    expect(outcomes.get(trade.id)).toBe('completed');
    expect(await executorTransactionCount(testbed)).toBe(sent);
    const executions = await executionsOf(testbed, trader.account, trade.id);
    expect(executions).toHaveLength(1);
    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({
      status: 'completed',
      txHash,
      tokensOut: executions[0]!.args.amountOut,
    });
    expect(await traceOf(testbed.db, trade)).toEqual([...EXECUTOR_COMPLETED_TRACE]);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    expect(await reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).toBe('not_pending');
  });

  it('leaves a trade whose receipt timed out executing, and the reconcile loop completes it without resending', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 3n * USDC);
    const waitForTransactionReceipt = (({ hash }: { hash: Hex }) =>
      Promise.reject(new WaitForTransactionReceiptTimeoutError({ hash }))) as never;
    // Not mined yet when first asked, then the wait times out.
    const getTransactionReceipt = (({ hash }: { hash: Hex }) =>
      Promise.reject(new TransactionReceiptNotFoundError({ hash }))) as never;
    const timingOut = tradeDeps(testbed, {
      writer: {
        ...writerWith(testbed.fixture.executor, { getTransactionReceipt, waitForTransactionReceipt }),
        receiptTimeoutMs: 300,
      },
    });

    await expect(executeTrade(timingOut, { tradeId: trade.id })).resolves.toBe('awaiting_chain');
    const left = await tradeOf(testbed.db, trade.id);
    expect(left.status).toBe('executing');
    expect(left.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const sent = await executorTransactionCount(testbed);

    const stop = startReconcileStalledTradesLoop(tradeDeps(testbed, { now: later }), { ...settings, pollMs: 50 });
    try {
      await waitFor(
        'the loop to complete the trade',
        async () => (await tradeOf(testbed.db, trade.id)).status === 'completed',
      );
    } finally {
      await stop();
    }
    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect((await tradeOf(testbed.db, trade.id)).txHash).toBe(left.txHash);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('waits while the sent transaction is still in the node’s pool, then completes it once mined', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC);
    const { testClient } = testbed.fixture.chain;
    await testClient.setAutomine(false);
    try {
      void executeTrade(dyingAfterSend(), { tradeId: trade.id });
      await hashRecorded(trade.id);
      await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('awaiting_chain');
      expect((await tradeOf(testbed.db, trade.id)).status).toBe('executing');
    } finally {
      await testClient.setAutomine(true);
    }
    await testClient.mine({ blocks: 1 });

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('completed');
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('fails EXECUTION_TIMEOUT a trade whose transaction still waits in the pool once the chain passed its deadline: mined later, it executes nothing', async () => {
    const trader = await createTrader(testbed);
    const { testClient } = testbed.fixture.chain;
    const { publicClient } = testbed.fixture.reader;
    const chainNow = Number((await publicClient.getBlock()).timestamp);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, {
      executionDeadline: new Date((chainNow + 30) * 1000),
    });
    let pooled: Transaction;
    await testClient.setAutomine(false);
    try {
      void executeTrade(dyingAfterSend(), { tradeId: trade.id });
      const hash = await hashRecorded(trade.id);
      pooled = await publicClient.getTransaction({ hash });
      // The node keeps it pooled (here: taken out, and answered as pooled below) while blocks pass its deadline.
      await testClient.dropTransaction({ hash });
      await testClient.setNextBlockTimestamp({ timestamp: BigInt(chainNow + 60) });
      await testClient.mine({ blocks: 1 });
    } finally {
      await testClient.setAutomine(true);
    }
    const stillPooled = writerWith(testbed.fixture.executor, {
      getTransaction: (async () => ({ ...pooled, blockNumber: null })) as never,
    });

    await expect(reconcileTrade(tradeDeps(testbed, { now: later, writer: stillPooled }), trade.id)).resolves.toBe(
      'failed',
    );
    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'failed', errorCode: 'EXECUTION_TIMEOUT' });

    // Mined after all, its call is refused by the deadline it carries: the trade never executes.
    const raw = serializeTransaction(
      {
        type: 'eip1559',
        chainId: pooled.chainId!,
        nonce: pooled.nonce,
        gas: pooled.gas,
        maxFeePerGas: pooled.maxFeePerGas!,
        maxPriorityFeePerGas: pooled.maxPriorityFeePerGas!,
        to: pooled.to!,
        value: pooled.value,
        data: pooled.input,
        accessList: pooled.accessList ?? [],
      },
      { r: pooled.r, s: pooled.s, yParity: pooled.yParity! },
    );
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await publicClient.sendRawTransaction({ serializedTransaction: raw }),
    });
    expect(receipt.transactionHash).toBe(pooled.hash);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
  });

  it('sends a trade that stalled in executing before anything was sent, once', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing' });

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('completed');

    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('completed');
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('keeps a resent trade executing when the resend fails before sending: never back in pending, where a cancel could win', async () => {
    const trader = await createTrader(testbed);
    // Found executing without a hash: its worker may have sent a transaction it never recorded, still in flight.
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing' });
    const readContract = (() =>
      Promise.reject(new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain RPC is unavailable' }))) as never;
    const down = tradeDeps(testbed, { now: later, writer: writerWith(testbed.fixture.executor, { readContract }) });
    const sent = await executorTransactionCount(testbed);

    await expect(reconcileTrade(down, trade.id)).resolves.toBe('awaiting_chain');
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('executing');
    expect(await traceOf(testbed.db, trade)).not.toContain('trade.retry_scheduled');
    expect(await executorTransactionCount(testbed)).toBe(sent);

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('completed');
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('never fails a resent trade that is refused before sending until its deadline passed: then EXECUTION_TIMEOUT', async () => {
    const trader = await createTrader(testbed);
    // A limit no price meets (0.000001 USDC a token): the resend is refused before it sends.
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing', limitPrice: 1n });
    const sent = await executorTransactionCount(testbed);

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('awaiting_chain');
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('executing');

    const chainNow = Number((await testbed.fixture.reader.publicClient.getBlock()).timestamp) * 1000;
    await testbed
      .db('trades')
      .where({ id: trade.id })
      .update({ execution_deadline: new Date(chainNow - 1_000) });
    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('failed');
    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'failed', errorCode: 'EXECUTION_TIMEOUT' });
    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
  });

  it('never fails a trade whose id already executed: a send refused as TRADE_ALREADY_EXECUTED waits for the chain', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC);
    // A first send of the trade executes on-chain, as a slow worker's would while a second one starts…
    await buy(testbed, {
      account: trader.account,
      market: testbed.market,
      usdc: trade.amountAtomic,
      tradeId: trade.id,
    });
    // …and the second worker cannot see that execution yet: the contract refuses its send.
    const blind = tradeDeps(testbed, {
      writer: writerWith(testbed.fixture.executor, { getContractEvents: (() => Promise.resolve([])) as never }),
    });
    await expect(executeTrade(blind, { tradeId: trade.id })).resolves.toBe('awaiting_chain');
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('executing');

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('completed');
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('fails a trade whose worker died after its send was mined as a revert, with the revert’s code, resending nothing', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing' });
    // The worker's send, mined as a revert (a guard no price meets), then the worker died before recording it.
    const refused = await buy(testbed, {
      ...{ account: trader.account, market: testbed.market, usdc: trade.amountAtomic, tradeId: trade.id },
      ...{ minTokensOut: maxUint256, gasLimit: 1_000_000n },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(refused instanceof AppError)) throw new Error('the guarded send was expected to revert');
    const txHash = refused.extensions.txHash as Hex;
    await recordTradeTxHash(testbed.db, trade.id, txHash);
    const sent = await executorTransactionCount(testbed);

    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), trade.id)).resolves.toBe('failed');

    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({
      status: 'failed',
      errorCode: 'SLIPPAGE_EXCEEDED',
      txHash,
    });
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.failed']);
  });

  it('settles both trades of a batch whose worker died after the receipt: the refused one fails, the other completes', async () => {
    await ensureBatchDelegation(testbed.fixture.executor);
    const trader = await createTrader(testbed);
    const refusedTrade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing' });
    const executedTrade = await insertMarketTrade(testbed, trader, 3n * USDC, { status: 'executing' });
    const buyCall = (trade: TradeRecord, minTokensOut: bigint) =>
      forwardedBuy(testbed, {
        ...{ account: trader.account, market: testbed.market, tradeId: trade.id },
        ...{ outcomeIndex: trade.outcomeIndex, usdc: trade.amountAtomic, minTokensOut },
      });
    // One batch as the worker sends it; the first call's guard cannot be met, so it fails alone inside the batch.
    const calls = [buyCall(refusedTrade, maxUint256), buyCall(executedTrade, 0n)];
    const simulated = await simulateCallBatch(testbed.fixture.executor, calls);
    const batch = await sendCallBatch(
      testbed.fixture.executor,
      calls,
      batchGasLimit(
        calls,
        simulated.map((call) => call.gasUsed),
      ),
    );
    expect([...batch.failures.keys()]).toEqual([0]);
    const txHash = batch.receipt.transactionHash;
    await recordTradeTxHash(testbed.db, refusedTrade.id, txHash);
    await recordTradeTxHash(testbed.db, executedTrade.id, txHash);
    const sent = await executorTransactionCount(testbed);

    const outcomes = await reconcileStalledTrades(tradeDeps(testbed, { now: later }), settings);

    expect(outcomes.get(refusedTrade.id)).toBe('failed');
    expect(outcomes.get(executedTrade.id)).toBe('completed');
    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await executionsOf(testbed, trader.account, refusedTrade.id)).toHaveLength(0);
    expect(await executionsOf(testbed, trader.account, executedTrade.id)).toHaveLength(1);
    expect(await tradeOf(testbed.db, refusedTrade.id)).toMatchObject({
      status: 'failed',
      errorCode: 'SLIPPAGE_EXCEEDED',
      txHash,
    });
    expect(await tradeOf(testbed.db, executedTrade.id)).toMatchObject({ status: 'completed', txHash });
  });

  it('takes no trade once its round was told to stop (the loop is stopping or lost its lock)', async () => {
    const trader = await createTrader(testbed);
    const pending = await insertMarketTrade(testbed, trader, 1n * USDC);
    const stopped = AbortSignal.abort();
    const outcomes = await reconcileStalledTrades(tradeDeps(testbed, { now: later }), { ...settings, signal: stopped });
    expect(outcomes.size).toBe(0);
    expect((await tradeOf(testbed.db, pending.id)).status).toBe('pending');
    await expect(reconcileTrade(tradeDeps(testbed, { now: later }), pending.id)).resolves.toBe('completed');
  });

  it('validates and executes a trade that stalled in validating, and one left pending by a lost job', async () => {
    const trader = await createTrader(testbed);
    const validating = await insertMarketTrade(testbed, trader, 1n * USDC, { status: 'validating' });
    const pending = await insertMarketTrade(testbed, trader, 1n * USDC);

    const outcomes = await reconcileStalledTrades(tradeDeps(testbed, { now: later }), settings);

    expect(outcomes.get(validating.id)).toBe('completed');
    expect(outcomes.get(pending.id)).toBe('completed');
    expect(await executionsOf(testbed, trader.account, validating.id)).toHaveLength(1);
    expect(await executionsOf(testbed, trader.account, pending.id)).toHaveLength(1);
  });

  it('leaves an executing trade to its live worker (its heartbeat within STALLED_TRADE_AFTER_MS), however long since it moved', async () => {
    const trader = await createTrader(testbed);
    const alive = await insertMarketTrade(testbed, trader, 1n * USDC, { status: 'executing' });
    const silent = await insertMarketTrade(testbed, trader, 1n * USDC, { status: 'executing' });
    // The worker holding `alive` (a long receipt wait) says so at the reconciler's now; `silent`'s worker died.
    await markTradesHeld(testbed.db, [alive.id], later());
    await markTradesHeld(testbed.db, [silent.id], new Date(later().getTime() - 2 * STALLED_AFTER_MS));

    const outcomes = await reconcileStalledTrades(tradeDeps(testbed, { now: later }), settings);

    expect(outcomes.has(alive.id)).toBe(false);
    expect(outcomes.get(silent.id)).toBe('completed');
    expect(await executionsOf(testbed, trader.account, alive.id)).toHaveLength(0);
    expect((await tradeOf(testbed.db, alive.id)).status).toBe('executing');
  });

  it("resends a crashed worker's stalled trades together: they share batch transactions instead of a block each", async () => {
    const trader = await createTrader(testbed);
    const trades = await Promise.all(
      Array.from({ length: 6 }, () => insertMarketTrade(testbed, trader, 1n * USDC, { status: 'executing' })),
    );
    const batched = tradeDeps(testbed, {
      now: later,
      batcher: createTradeBatcher(testbed.fixture.executor, { maxBatch: 32, logger: testbed.logs.logger }),
    });
    await ensureBatchDelegation(testbed.fixture.executor);
    const sent = await executorTransactionCount(testbed);

    const outcomes = await reconcileStalledTrades(batched, settings);

    for (const trade of trades) {
      expect(outcomes.get(trade.id)).toBe('completed');
      expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    }
    expect((await executorTransactionCount(testbed)) - sent).toBeLessThanOrEqual(2);
  });

  it('leaves trades in flight for less than STALLED_TRADE_AFTER_MS alone', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 1n * USDC, { status: 'executing' });

    const outcomes = await reconcileStalledTrades(tradeDeps(testbed), settings);

    expect(outcomes.has(trade.id)).toBe(false);
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('executing');
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
  });
});
