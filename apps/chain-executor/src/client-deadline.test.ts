/*
 * A client's execution deadline end to end (issue 31): a trade placed with `expiresAt` and held past it (the sandbox's
 * delay) reaches the real executor after its deadline, which the OperatorRegistry enforces on-chain like the
 * server's default: the trade fails EXECUTION_TIMEOUT and spends nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';

const stack = useSandboxStack({ dispatcher: false });

describe('a trade with expiresAt', () => {
  it('fails EXECUTION_TIMEOUT, spending nothing, when it is not mined by the deadline the client chose', async () => {
    const trader = await stack.trader('/client-deadline');
    const before = await stack.holdings(trader.account);
    const expiresAt = new Date(stack.chain.kit.clock.now() + 2_000).toISOString();
    const response = await stack.chain.postTrade(trader, stack.chain.buyBody('1', { expiresAt }), {
      'X-Service-Simulate': 'delay=4000',
    });
    expect(response.status).toBe(201);
    const { id } = response.json.trade as { id: string };

    const trade = await stack.settled(id);
    expect([trade.status, trade.errorCode, trade.executionDeadline?.toISOString()]).toEqual([
      'failed',
      'EXECUTION_TIMEOUT',
      expiresAt,
    ]);
    expect(await executionsOf(stack.chain, trader.account, id)).toHaveLength(0);
    expect(await stack.holdings(trader.account)).toEqual(before);
  });

  it('executes normally within a deadline that leaves it time', async () => {
    const trader = await stack.trader('/client-deadline-met');
    const expiresAt = new Date(stack.chain.kit.clock.now() + 10 * 60_000).toISOString();
    const response = await stack.chain.postTrade(trader, stack.chain.buyBody('1', { expiresAt }));
    const { id } = response.json.trade as { id: string };
    expect(await stack.settled(id)).toMatchObject({ status: 'completed', executionDeadline: new Date(expiresAt) });
    expect(await executionsOf(stack.chain, trader.account, id)).toHaveLength(1);
    const read = await callAs(stack.chain.kit, trader, 'GET', `/v1/trades/${id}`);
    expect(read.json.trade).toMatchObject({ status: 'completed', expiresAt });
  });

  it('shows the server’s deadline, set when execution started, on a trade placed without one', async () => {
    const trader = await stack.trader('/server-deadline');
    const response = await stack.chain.postTrade(trader, stack.chain.buyBody('1'));
    const { id } = response.json.trade as { id: string };
    const settled = await stack.settled(id);
    expect(settled).toMatchObject({ status: 'completed', executionDeadline: expect.any(Date) });
    const read = await callAs(stack.chain.kit, trader, 'GET', `/v1/trades/${id}`);
    expect(read.json.trade).toMatchObject({ expiresAt: settled.executionDeadline?.toISOString() });
  });
});
