import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import {
  buyThroughAccount,
  findTradeExecution,
  redeemThroughAccount,
  sellForUsdcThroughAccount,
} from './account-trades.js';
import { readOutcomeBalances, readRedeemable, readUsdcBalance } from '#shared/chain/balances.js';
import {
  createFixtureMarket,
  createFundedAccount,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { executeBuy, executeSellForUsdc } from './guarded-trades.js';
import { cancelMarket, freezeMarket, resolveMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { readBuyQuote } from '#shared/chain/market-reads.js';
import { appErrorOf } from '#tooling/testing/app-error-rejection.js';

let fixture: ChainFixture;
let market: Address;
let account: Address;

useChainFixture(async (started) => {
  fixture = started;
  ({ market } = await createFixtureMarket(fixture));
  ({ account } = await createFundedAccount(fixture, 1_000n * USDC));
});

const usdcOf = (holder: Address) => readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account: holder });
const sharesOf = (holder: Address) => readOutcomeBalances(fixture.reader, { market, account: holder });
/** The suite's account and market, outcome 0, a fresh trade id, as every call here starts; `call` sets the rest. */
const on = <T extends object>(call: T) => ({
  ...fixture.route,
  account,
  market,
  outcomeIndex: 0,
  tradeId: randomUUID(),
  ...call,
});

describe('trading through a smart account', () => {
  it('buys, sells for an exact net USDC amount and redeems, with balances asserted on-chain', async () => {
    const buy = await executeBuy(fixture.executor, on({ usdcIn: 50n * USDC, slippageBps: 50 }));
    expect(buy).toMatchObject({
      action: 'buy',
      account,
      market,
      outcomeIndex: 0,
      amountIn: 50n * USDC,
      replayed: false,
    });
    expect(buy.amountOut).toBe(buy.quotedTokensOut);
    expect(buy.minTokensOut).toBe((buy.quotedTokensOut * 9_950n) / 10_000n);
    expect(buy.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcOf(account)).toBe(950n * USDC);
    expect(await sharesOf(account)).toEqual([buy.amountOut, 0n]);

    const sell = await executeSellForUsdc(fixture.executor, on({ usdcOut: 20n * USDC }));
    expect(sell).toMatchObject({ action: 'sellForExactUsdc', amountOut: 20n * USDC, replayed: false });
    expect(sell.amountIn).toBe(sell.quotedTokensIn);
    expect(sell.maxTokensIn).toBeGreaterThanOrEqual(sell.quotedTokensIn);
    expect(await usdcOf(account)).toBe(970n * USDC);
    expect(await sharesOf(account)).toEqual([buy.amountOut - sell.amountIn, 0n]);

    await resolveMarket(fixture.admin, { market, winners: [0] });
    const redeemable = await readRedeemable(fixture.reader, { market, account, outcomeIndex: 0 });
    expect(redeemable).toBeGreaterThan(0n);
    const redeem = await redeemThroughAccount(fixture.executor, on({}));
    expect(redeem).toMatchObject({ action: 'redeem', amountIn: buy.amountOut - sell.amountIn, amountOut: redeemable });
    expect(await usdcOf(account)).toBe(970n * USDC + redeemable);
    expect(await sharesOf(account)).toEqual([0n, 0n]);
  });

  it('returns the earlier execution, marked replayed, when a trade id is sent again', async () => {
    const tradeId = randomUUID();
    const trade = on({ outcomeIndex: 1, usdcIn: 10n * USDC, minTokensOut: 0n, tradeId });
    const first = await buyThroughAccount(fixture.executor, trade);
    const again = await buyThroughAccount(fixture.executor, trade);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await usdcOf(account)).toBe(990n * USDC);
    expect(await findTradeExecution(fixture.reader, { account, tradeId })).toEqual({ ...first, replayed: true });
    expect(await findTradeExecution(fixture.reader, { account, tradeId: randomUUID() })).toBeUndefined();
  });

  it('executes a trade id once when two sends race into one block: the loser resolves to the winner', async () => {
    const { testClient } = fixture.chain;
    const tradeId = randomUUID();
    const trade = on({ usdcIn: 10n * USDC, minTokensOut: 0n, tradeId });
    await testClient.setAutomine(false);
    try {
      // Both pass gas estimation (the id is unused until a block includes one of them), then share a block.
      const racing = [buyThroughAccount(fixture.executor, trade), buyThroughAccount(fixture.executor, trade)];
      while ((await testClient.getTxpoolStatus()).pending < 2) await fixture.reader.publicClient.getBlockNumber();
      await testClient.mine({ blocks: 1 });
      const [first, second] = await Promise.all(racing);
      const winner = first!.replayed ? second! : first!;
      const loser = first!.replayed ? first! : second!;
      expect(winner.replayed).toBe(false);
      expect(loser).toEqual({ ...winner, replayed: true });
    } finally {
      await testClient.setAutomine(true);
    }
    expect(await usdcOf(account)).toBe(990n * USDC);
  });

  it('fails with 409 SLIPPAGE_EXCEEDED carrying actual and limit as decimal strings', async () => {
    const quote = await readBuyQuote(fixture.reader, { market, outcomeIndex: 0, usdcIn: 10n * USDC });
    const error = await appErrorOf(
      buyThroughAccount(fixture.executor, on({ usdcIn: 10n * USDC, minTokensOut: quote.tokensOut + 1n })),
    );
    expect(error).toMatchObject({ code: 'SLIPPAGE_EXCEEDED', status: 409, retry: false });
    expect(error.extensions).toEqual({ actual: quote.tokensOut.toString(), limit: (quote.tokensOut + 1n).toString() });
    expect(await usdcOf(account)).toBe(1_000n * USDC);
  });

  it('fails with MARKET_NOT_TRADEABLE on a frozen market and leaves the trade id usable', async () => {
    await freezeMarket(fixture.admin, market);
    const tradeId = randomUUID();
    const error = await appErrorOf(executeBuy(fixture.executor, on({ usdcIn: 5n * USDC, tradeId })));
    expect(error).toMatchObject({ code: 'MARKET_NOT_TRADEABLE', status: 422, detail: 'The market is frozen' });
    expect(await findTradeExecution(fixture.reader, { account, tradeId })).toBeUndefined();
  });

  it('fails with MARKET_NOT_TRADEABLE for an address that is not a platform market', async () => {
    const error = await appErrorOf(
      buyThroughAccount(fixture.executor, on({ market: fixture.platform.usdc, usdcIn: USDC, minTokensOut: 0n })),
    );
    expect(error).toMatchObject({ code: 'MARKET_NOT_TRADEABLE', retry: false });
  });

  it('fails with POSITION_NOT_CLAIMABLE when there is nothing to redeem or the market is open', async () => {
    const open = await appErrorOf(redeemThroughAccount(fixture.executor, on({})));
    expect(open).toMatchObject({
      code: 'POSITION_NOT_CLAIMABLE',
      detail: 'The market is not resolved or cancelled yet',
    });
    await cancelMarket(fixture.admin, market);
    const empty = await appErrorOf(redeemThroughAccount(fixture.executor, on({ outcomeIndex: 1 })));
    expect(empty).toMatchObject({ code: 'POSITION_NOT_CLAIMABLE', status: 409 });
  });

  it('fails with INSUFFICIENT_BALANCE when the account lacks USDC or tokens', async () => {
    const { account: poor } = await createFundedAccount(fixture, USDC);
    const usdc = await appErrorOf(
      buyThroughAccount(fixture.executor, on({ account: poor, usdcIn: 2n * USDC, minTokensOut: 0n })),
    );
    expect(usdc).toMatchObject({ code: 'INSUFFICIENT_BALANCE', extensions: { balance: '1000000', needed: '2000000' } });
    const tokens = await appErrorOf(
      sellForUsdcThroughAccount(fixture.executor, on({ account: poor, usdcOut: USDC, maxTokensIn: 10n ** 30n })),
    );
    expect(tokens).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });
});
