/* executeTrade against a real anvil and MariaDB: pending trades to completed / failed / rejected, exactly once. */
import { describe, expect, it } from '@jest/globals';
import { readOutcomeBalances } from '#shared/chain/balances.js';
import { type ChainPublicClient } from '#shared/chain/chain-clients.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import {
  buy,
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  executorTransactionCount,
  insertMarketTrade,
  insertTestTrade,
  traceOf,
  tradeDeps,
  tradeOf,
  useMarketTestbed,
  USDC,
  usdcOf,
  writerWith,
  EXECUTOR_COMPLETED_TRACE,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { executeTrade } from './execute-trade.use-case.js';

const testbed = useMarketTestbed();

const tokensOf = async (account: `0x${string}`, outcome: number) =>
  (await readOutcomeBalances(testbed.fixture.reader, { market: testbed.market, account }))[outcome]!;

/** Trades inserted directly have no `trade.created` step: the trace starts where the executor does. */
const COMPLETED_TRACE = [...EXECUTOR_COMPLETED_TRACE];

describe('executeTrade', () => {
  it('completes a pending buy on-chain: tx hash, tokens received, trace in order, one trade.completed, USDC spent', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 25n * USDC);
    const usdcBefore = await usdcOf(testbed, trader.account);

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('completed');

    const done = await tradeOf(testbed.db, trade.id);
    const executions = await executionsOf(testbed, trader.account, trade.id);
    expect(executions).toHaveLength(1);
    expect(done).toMatchObject({ status: 'completed', txHash: executions[0]!.transactionHash, errorCode: null });
    expect(done.tokensOut).toBe(executions[0]!.args.amountOut);
    expect(done.tokensOut! > 0n).toBe(true);
    expect(await usdcOf(testbed, trader.account)).toBe(usdcBefore - 25n * USDC);
    expect(await tokensOf(trader.account, 0)).toBe(done.tokensOut);
    expect(await traceOf(testbed.db, trade)).toEqual(COMPLETED_TRACE);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('completes a pending sell for the net USDC asked, reporting the tokens it gave', async () => {
    const trader = await createTrader(testbed);
    await buy(testbed, { account: trader.account, market: testbed.market, outcomeIndex: 1, usdc: 50n * USDC });
    const [usdcBefore, tokensBefore] = [await usdcOf(testbed, trader.account), await tokensOf(trader.account, 1)];
    const trade = await insertMarketTrade(testbed, trader, 10n * USDC, { side: 'sell', outcomeIndex: 1 });

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('completed');

    const done = await tradeOf(testbed.db, trade.id);
    const [execution] = await executionsOf(testbed, trader.account, trade.id);
    expect(done.status).toBe('completed');
    expect(done.tokensOut).toBe(execution!.args.amountIn);
    expect(await usdcOf(testbed, trader.account)).toBe(usdcBefore + 10n * USDC);
    expect(await tokensOf(trader.account, 1)).toBe(tokensBefore - done.tokensOut!);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('executes a job delivered twice once: the second delivery finds nothing to do', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 3n * USDC);
    const deps = tradeDeps(testbed);

    expect(await executeTrade(deps, { tradeId: trade.id })).toBe('completed');
    const sent = await executorTransactionCount(testbed);
    expect(await executeTrade(deps, { tradeId: trade.id })).toBe('not_pending');

    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
  });

  it('lets only one of several racing workers execute a trade: one TradeExecuted, one trade.completed', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 4n * USDC);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => executeTrade(tradeDeps(testbed), { tradeId: trade.id })),
    );

    expect(outcomes.filter((outcome) => outcome === 'completed')).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome !== 'completed').every((o) => ['lost_race', 'not_pending'].includes(o)),
    ).toBe(true);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    expect((await traceOf(testbed.db, trade)).filter((step) => step === 'trade.validating')).toHaveLength(1);
  });

  it('fails INSUFFICIENT_BALANCE when the smart account lacks the USDC at execution time', async () => {
    const trader = await createTrader(testbed, 1n * USDC);
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC);

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('failed');

    const failed = await tradeOf(testbed.db, trade.id);
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 'INSUFFICIENT_BALANCE',
      txHash: null,
      tokensOut: null,
    });
    expect(failed.errorMessage).toMatch(/USDC/);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.failed']);
    expect(await traceOf(testbed.db, trade)).toEqual([
      'trade.validating',
      'trade.executing',
      'trade.failed',
      'webhook.event_recorded',
    ]);
  });

  it('fails SLIPPAGE_EXCEEDED when a competing trade moves the price between the quote and the send', async () => {
    const [trader, competitor] = [await createTrader(testbed), await createTrader(testbed)];
    const trade = await insertMarketTrade(testbed, trader, 20n * USDC);
    const { executor } = testbed.fixture;
    let competed = false;
    const estimateContractGas = (async (parameters: Parameters<ChainPublicClient['estimateContractGas']>[0]) => {
      if (!competed) {
        competed = true;
        await buy(testbed, { account: competitor.account, market: testbed.market, usdc: 30n * USDC });
      }
      return executor.publicClient.estimateContractGas(parameters);
    }) as ChainPublicClient['estimateContractGas'];
    const deps = tradeDeps(testbed, { slippageBps: 0, writer: writerWith(executor, { estimateContractGas }) });

    await expect(executeTrade(deps, { tradeId: trade.id })).resolves.toBe('failed');

    expect(competed).toBe(true);
    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'failed', errorCode: 'SLIPPAGE_EXCEEDED' });
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.failed']);
  });

  it('fails MARKET_NOT_TRADEABLE, sending nothing, when the market is frozen', async () => {
    const trader = await createTrader(testbed);
    const frozen = await createMarket(testbed);
    await testbed.db('markets').where({ id: frozen.marketId }).update({ status: 'FROZEN' });
    const trade = await insertTestTrade(testbed.db, { trader, marketId: frozen.marketId, usdc: 2n * USDC });
    const sent = await executorTransactionCount(testbed);

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('failed');

    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'failed', errorCode: 'MARKET_NOT_TRADEABLE' });
    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await traceOf(testbed.db, trade)).toEqual(['trade.validating', 'trade.failed', 'webhook.event_recorded']);
  });

  it('rejects a trade whose key was revoked after it was created, with trade.rejected', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC);
    await revokeApiKey(testbed.db, trader.apiKeyId, new Date());

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('rejected');

    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'rejected', errorCode: 'API_KEY_REVOKED' });
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.rejected']);
    expect(await traceOf(testbed.db, trade)).toEqual(['trade.rejected', 'webhook.event_recorded']);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
  });

  it('rejects a trade whose key expired after it was created', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC);
    await testbed
      .db('api_keys')
      .where({ id: trader.apiKeyId })
      .update({ expires_at: new Date(Date.now() + 60_000) });
    const later = () => new Date(Date.now() + 120_000);

    await expect(executeTrade(tradeDeps(testbed, { now: later }), { tradeId: trade.id })).resolves.toBe('rejected');

    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'rejected', errorCode: 'API_KEY_EXPIRED' });
  });

  it('rejects pending trades while processing is halted', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC);

    await expect(executeTrade(tradeDeps(testbed, { halted: true }), { tradeId: trade.id })).resolves.toBe('rejected');

    const rejected = await tradeOf(testbed.db, trade.id);
    expect(rejected).toMatchObject({ status: 'rejected', errorCode: 'TRADE_PROCESSING_HALTED' });
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.rejected']);
  });

  it('hands the trade back to pending when the RPC fails before anything is sent; the retry completes it once', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 6n * USDC);
    const readContract = (() =>
      Promise.reject(new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain RPC is unavailable' }))) as never;
    const down = tradeDeps(testbed, { writer: writerWith(testbed.fixture.executor, { readContract }) });
    const sent = await executorTransactionCount(testbed);

    await expect(executeTrade(down, { tradeId: trade.id })).rejects.toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      retry: true,
    });
    expect((await tradeOf(testbed.db, trade.id)).status).toBe('pending');
    expect(await executorTransactionCount(testbed)).toBe(sent);

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('completed');
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    expect(await traceOf(testbed.db, trade)).toEqual([
      'trade.validating',
      'trade.executing',
      'trade.retry_scheduled',
      ...COMPLETED_TRACE,
    ]);
  });
});
