/*
 * POST /v1/trades/batch end to end (issue 31): the items of one batch, written in one transaction, reach the real
 * executor together and execute once each, several per on-chain transaction; a refused item never reaches it.
 */
import { describe, expect, it } from '@jest/globals';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';

const stack = useSandboxStack({ dispatcher: false });

describe('a batch of trades', () => {
  it('executes every created item exactly once, together, and nothing for a refused one', async () => {
    const trader = await stack.trader('/batch');
    const before = await stack.holdings(trader.account);
    const trades = [1, 2, 3, 4, 5, 6].map((amount) => stack.chain.buyBody(`${amount}`));
    trades[2] = stack.chain.buyBody('3', { limitPrice: '0.01' });
    trades[4] = { ...stack.chain.buyBody('5'), outcomeIndex: 9 };
    const response = await callAs(stack.chain.kit, trader, 'POST', '/v1/trades/batch', { body: { trades } });
    const results = response.json.results as Array<{ status: number; trade?: { id: string } }>;
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 400, 201]);

    const settled = await Promise.all(
      results.flatMap((result) => (result.trade ? [stack.settled(result.trade.id)] : [])),
    );
    expect(settled.map((trade) => [trade.status, trade.errorCode])).toEqual([
      ['completed', null],
      ['completed', null],
      ['failed', 'PRICE_LIMIT_EXCEEDED'],
      ['completed', null],
      ['completed', null],
    ]);
    const executions = await Promise.all(settled.map((trade) => executionsOf(stack.chain, trader.account, trade.id)));
    expect(executions.map((found) => found.length)).toEqual([1, 1, 0, 1, 1]);
    // 1 + 2 + 4 + 6 USDC spent; the limit miss spent nothing.
    expect((await stack.holdings(trader.account)).usdc).toBe(before.usdc - 13_000_000n);
    const hashes = new Set(settled.flatMap((trade) => (trade.status === 'completed' ? [trade.txHash] : [])));
    expect(hashes.size).toBeLessThanOrEqual(2);
  }, 90_000);
});
