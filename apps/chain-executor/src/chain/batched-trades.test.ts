import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { AppError } from '#shared/errors/app-error.js';
import { type AccountTradeExecution } from './account-trades.js';
import { buy as buyDirectly, forwardedBuy, tradeIdUsed } from '#tooling/kits/chain-executor/direct-trades.js';
import { readOutcomeBalances, readUsdcBalance } from '#shared/chain/balances.js';
import { batchExecutorAddress, delegatesToBatchExecutor, ensureBatchDelegation } from './batch-delegation.js';
import { executeTradeBatch, type BatchedTrade } from './batched-trades.js';
import { batchGasLimit, sendCallBatch, simulateCallBatch } from './call-batches.js';
import {
  createFixtureMarket,
  createFundedAccount,
  racingWriter,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { readBuyQuote } from '#shared/chain/market-reads.js';
import { limitBound, minimumOutput } from './trade-guards.js';
import { asPriceLimitRefusal } from '../trades/price-limit.js';

let fixture: ChainFixture;
let market: Address;
let rich: Address;
let poor: Address;

useChainFixture(async (started) => {
  fixture = started;
  await ensureBatchDelegation(fixture.executor);
  ({ market } = await createFixtureMarket(fixture, { initialReserve: 10_000n * USDC }));
  ({ account: rich } = await createFundedAccount(fixture, 1_000n * USDC));
  ({ account: poor } = await createFundedAccount(fixture, 5n * USDC));
});

const usdcOf = (holder: Address) => readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account: holder });
const sharesOf = (holder: Address) => readOutcomeBalances(fixture.reader, { market, account: holder });

const trade = (account: Address, side: BatchedTrade['side'], amount: bigint): BatchedTrade => ({
  ...fixture.route,
  account,
  market,
  outcomeIndex: 0,
  tradeId: randomUUID(),
  side,
  amount,
  slippageBps: 100,
});

function execution(result: AccountTradeExecution | AppError): AccountTradeExecution {
  if (result instanceof AppError) throw new Error(`expected an execution, got ${result.code}: ${result.detail}`);
  return result;
}

describe('the executor as a batch sender (EIP-7702)', () => {
  it('delegates once to BatchExecutor at its deterministic address, and a second call changes nothing', async () => {
    const self = fixture.executor.account.address;
    expect(await delegatesToBatchExecutor(fixture.reader, self)).toBe(true);
    expect(await fixture.reader.publicClient.getCode({ address: batchExecutorAddress })).toMatch(/^0x[0-9a-f]{100,}$/);
    const nonce = await fixture.reader.publicClient.getTransactionCount({ address: self });
    await ensureBatchDelegation(fixture.executor);
    expect(await fixture.reader.publicClient.getTransactionCount({ address: self })).toBe(nonce);
  });
});

describe('several trades in one transaction', () => {
  it('executes every trade the chain accepts and fails the refused one alone, before anything is sent', async () => {
    const [buy, overdrawn, sell] = [
      trade(rich, 'buy', 100n * USDC),
      trade(poor, 'buy', 50n * USDC),
      trade(rich, 'sell', 40n * USDC),
    ];
    const sentHashes: string[] = [];
    const results = await executeTradeBatch(fixture.executor, [
      { ...buy, onSent: (hash) => Promise.resolve(void sentHashes.push(hash)) },
      overdrawn,
      sell,
    ]);

    const bought = execution(results[0]!);
    const sold = execution(results[2]!);
    expect(bought).toMatchObject({ action: 'buy', account: rich, amountIn: 100n * USDC, replayed: false });
    // The sell ran after the buy in the same transaction: it sold tokens the buy had just bought.
    expect(sold).toMatchObject({ action: 'sellForExactUsdc', account: rich, amountOut: 40n * USDC });
    expect(sold.txHash).toBe(bought.txHash);
    expect(sentHashes).toEqual([bought.txHash]);
    expect(results[1]).toBeInstanceOf(AppError);
    expect((results[1] as AppError).code).toBe('INSUFFICIENT_BALANCE');
    expect((results[1] as AppError).extensions.txHash).toBeUndefined();

    expect(await usdcOf(rich)).toBe(1_000n * USDC - 100n * USDC + 40n * USDC);
    expect(await sharesOf(rich)).toEqual([bought.amountOut - sold.amountIn, 0n]);
    expect(await usdcOf(poor)).toBe(5n * USDC);
  });

  it('guards a buy with the quote the state before it gives, less its slippage tolerance', async () => {
    const quote = await readBuyQuote(fixture.reader, { market, outcomeIndex: 0, usdcIn: 10n * USDC });
    const [result] = await executeTradeBatch(fixture.executor, [trade(rich, 'buy', 10n * USDC)]);
    expect(execution(result!).amountOut).toBe(quote.tokensOut);
    expect(execution(result!).amountOut).toBeGreaterThan(minimumOutput(quote.tokensOut, 100));
  });

  it('returns the earlier execution, replayed, for a trade id that already executed', async () => {
    const first = trade(rich, 'buy', 20n * USDC);
    const [original] = await executeTradeBatch(fixture.executor, [first]);
    const [again, other] = await executeTradeBatch(fixture.executor, [first, trade(rich, 'buy', 5n * USDC)]);
    expect(execution(again!)).toMatchObject({ txHash: execution(original!).txHash, replayed: true });
    expect(execution(other!).replayed).toBe(false);
    expect(await usdcOf(rich)).toBe(1_000n * USDC - 25n * USDC);
  });

  it('isolates a call that reverts on-chain: the others take effect and the failure is reported by index', async () => {
    const good = trade(rich, 'buy', 10n * USDC);
    const badId = randomUUID();
    const buyCall = (tradeId: string, minTokensOut: bigint) =>
      forwardedBuy({ fixture }, { account: rich, market, tradeId, usdc: 10n * USDC, minTokensOut });
    // An impossible guard: the call reverts with SlippageExceeded inside the mined batch.
    const calls = [buyCall(badId, 10n ** 30n), buyCall(good.tradeId, 0n)];
    const simulated = await simulateCallBatch(fixture.executor, calls);
    expect(simulated.map((call) => call.success)).toEqual([false, true]);

    const sent = await sendCallBatch(
      fixture.executor,
      calls,
      batchGasLimit(
        calls,
        simulated.map((call) => call.gasUsed),
      ),
    );
    expect(sent.receipt.status).toBe('success');
    expect([...sent.failures.keys()]).toEqual([0]);
    expect(await tradeIdUsed({ fixture }, rich, badId)).toBe(false);
    expect(await usdcOf(rich)).toBe(990n * USDC);
  });

  it('fails alone, with the code and the batch hash, a trade the chain refuses after the simulation', async () => {
    // Between the simulation and the send, a large buy moves the price: the trade with no tolerance reverts inside
    // the mined batch; its batch-mate with a wide one completes in the same transaction.
    const race = racingWriter(fixture.executor, () =>
      buyDirectly({ fixture }, { account: rich, market, usdc: 300n * USDC }),
    );
    const tight = { ...trade(poor, 'buy', 1n * USDC), slippageBps: 0 };
    const wide = { ...trade(rich, 'buy', 10n * USDC), slippageBps: 5_000 };

    const [refused, completed] = await executeTradeBatch(race.writer, [tight, wide]);

    expect(race.moved()).toBe(true);
    const executed = execution(completed!);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SLIPPAGE_EXCEEDED', extensions: { txHash: executed.txHash } });
    expect(await usdcOf(poor)).toBe(5n * USDC);
    expect(await tradeIdUsed({ fixture }, poor, tight.tradeId)).toBe(false);
  });

  it('leaves out a trade whose quote misses its price limit, sending nothing for it, and quotes the rest again', async () => {
    // A big buy of outcome 0 with a limit of 0.01 per token cannot be filled; the buy of outcome 1 behind it, with no
    // tolerance, was first quoted after it (outcome 1 cheaper): only a second simulation without it guards it right.
    const limited = { ...trade(rich, 'buy', 300n * USDC), limit: limitBound('buy', 300n * USDC, 10_000n) };
    const exact = { ...trade(rich, 'buy', 10n * USDC), outcomeIndex: 1, slippageBps: 0 };
    const nonce = await fixture.reader.publicClient.getTransactionCount({ address: fixture.executor.account.address });

    const [refused, completed] = await executeTradeBatch(fixture.executor, [limited, exact]);

    expect(refused).toMatchObject({ code: 'PRICE_LIMIT_EXCEEDED', extensions: { limit: limited.limit.toString() } });
    expect((refused as AppError).extensions.txHash).toBeUndefined();
    expect(await tradeIdUsed({ fixture }, rich, limited.tradeId)).toBe(false);
    expect(execution(completed!)).toMatchObject({ amountIn: 10n * USDC, replayed: false });
    expect(await fixture.reader.publicClient.getTransactionCount({ address: fixture.executor.account.address })).toBe(
      nonce + 1,
    );
    expect(await usdcOf(rich)).toBe(990n * USDC);
  });

  it('guards a trade at its price limit when that is stricter, and a move past it is the limit’s refusal', async () => {
    const amount = 1n * USDC;
    const quote = await readBuyQuote(fixture.reader, { market, outcomeIndex: 0, usdcIn: amount });
    // The limit price of the quote itself (rounded up to a whole micro-USDC): within the 1 % tolerance, so it binds.
    const limitPrice = (amount * 10n ** 18n + quote.tokensOut - 1n) / quote.tokensOut;
    const bound = limitBound('buy', amount, limitPrice);
    expect(bound).toBeLessThanOrEqual(quote.tokensOut);
    expect(bound).toBeGreaterThan(minimumOutput(quote.tokensOut, 100));
    const race = racingWriter(fixture.executor, () =>
      buyDirectly({ fixture }, { account: rich, market, usdc: 50n * USDC }),
    );
    const limited = { ...trade(poor, 'buy', amount), limit: bound };

    const [refused] = await executeTradeBatch(race.writer, [limited]);

    expect(race.moved()).toBe(true);
    expect(refused).toMatchObject({ code: 'SLIPPAGE_EXCEEDED', extensions: { limit: bound.toString() } });
    const asLimit = asPriceLimitRefusal({ side: 'buy', amountAtomic: amount, limitPrice, simulation: null }, refused);
    expect(asLimit).toMatchObject({
      code: 'PRICE_LIMIT_EXCEEDED',
      extensions: { txHash: (refused as AppError).extensions.txHash },
    });
    expect(await usdcOf(poor)).toBe(5n * USDC);
  });

  it('fails every trade, sending nothing, when the sender does not delegate to BatchExecutor', async () => {
    const admin = fixture.admin.account.address;
    const nonce = await fixture.reader.publicClient.getTransactionCount({ address: admin });
    const results = await executeTradeBatch(fixture.admin, [
      trade(rich, 'buy', 1n * USDC),
      trade(rich, 'buy', 2n * USDC),
    ]);
    expect(results.map((result) => result instanceof AppError)).toEqual([true, true]);
    expect(await fixture.reader.publicClient.getTransactionCount({ address: admin })).toBe(nonce);
    expect(await usdcOf(rich)).toBe(1_000n * USDC);
  });

  it('sends a single trade through the account directly alongside batches, sharing one nonce sequence', async () => {
    const direct = buyDirectly({ fixture }, { account: rich, market, usdc: 1n * USDC });
    const batched = executeTradeBatch(fixture.executor, [trade(rich, 'buy', 2n * USDC)]);
    const [single, [inBatch]] = await Promise.all([direct, batched]);
    expect(single.replayed).toBe(false);
    expect(execution(inBatch!).replayed).toBe(false);
    expect(await usdcOf(rich)).toBe(997n * USDC);
  });
});
