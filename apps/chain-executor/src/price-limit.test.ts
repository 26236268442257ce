/*
 * A client's price limit end to end (issue 31): trades placed through the API with `limitPrice` and executed by the
 * real executor on a real chain. A limit the pool meets completes at an average price within it; one it cannot meet
 * fails PRICE_LIMIT_EXCEEDED before anything is sent, with the account's USDC and tokens unchanged on-chain.
 */
import { describe, expect, it } from '@jest/globals';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';
import type { SandboxStack } from '#tooling/kits/chain-executor/sandbox-stack.js';

const stack = useSandboxStack({ dispatcher: false });

const WAD = 10n ** 18n;

async function place(trader: Awaited<ReturnType<SandboxStack['trader']>>, body: Record<string, unknown>) {
  const response = await stack.chain.postTrade(trader, body);
  expect(response.status).toBe(201);
  return stack.settled((response.json.trade as { id: string }).id);
}

describe('a buy with limitPrice', () => {
  it('completes when the pool meets the limit, paying at most the limit per token on average', async () => {
    const trader = await stack.trader('/limit-buy-met');
    const before = await stack.holdings(trader.account);
    const trade = await place(trader, stack.chain.buyBody('5', { limitPrice: '0.9' }));
    expect([trade.status, trade.limitPrice]).toEqual(['completed', 900_000n]);
    // 5 USDC / tokens ≤ 0.9 USDC per token, in atomic units and wei.
    expect(5_000_000n * WAD).toBeLessThanOrEqual(trade.tokensOut! * 900_000n);
    expect((await stack.holdings(trader.account)).usdc).toBe(before.usdc - 5_000_000n);
    expect(await executionsOf(stack.chain, trader.account, trade.id)).toHaveLength(1);
  });

  it('fails PRICE_LIMIT_EXCEEDED, sending nothing, when the price is above the limit', async () => {
    const trader = await stack.trader('/limit-buy-missed');
    const before = await stack.holdings(trader.account);
    const trade = await place(trader, stack.chain.buyBody('5', { limitPrice: '0.01' }));
    expect([trade.status, trade.errorCode, trade.txHash]).toEqual(['failed', 'PRICE_LIMIT_EXCEEDED', null]);
    expect(await stack.holdings(trader.account)).toEqual(before);
    expect(await executionsOf(stack.chain, trader.account, trade.id)).toHaveLength(0);
    expect(await stack.eventTypesOf(trade)).toEqual(['trade.failed']);
  });
});

describe('a sell with limitPrice', () => {
  it('fails PRICE_LIMIT_EXCEEDED when the price is below the limit, and completes within a lower one', async () => {
    const trader = await stack.trader('/limit-sell');
    expect((await place(trader, stack.chain.buyBody('10'))).status).toBe('completed');
    const before = await stack.holdings(trader.account);
    const sell = (limitPrice: string) => ({ ...stack.chain.buyBody('2', { limitPrice }), side: 'sell' });

    const missed = await place(trader, sell('0.99'));
    expect([missed.status, missed.errorCode, missed.txHash]).toEqual(['failed', 'PRICE_LIMIT_EXCEEDED', null]);
    expect(await stack.holdings(trader.account)).toEqual(before);

    const met = await place(trader, sell('0.05'));
    expect(met.status).toBe('completed');
    // Received 2 USDC for the tokens sold: at least 0.05 USDC per token on average.
    expect(2_000_000n * WAD).toBeGreaterThanOrEqual(met.tokensOut! * 50_000n);
    const after = await stack.holdings(trader.account);
    expect([after.usdc, after.tokens[0]]).toEqual([before.usdc + 2_000_000n, before.tokens[0]! - met.tokensOut!]);
  });
});
