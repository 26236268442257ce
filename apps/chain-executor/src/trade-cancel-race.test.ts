/*
 * POST /v1/trades/{id}/cancel racing the real executor (issue 31): trades are placed and cancelled from several
 * concurrent attempts at staggered moments while the executor's workers take them. Whatever wins, never both: a
 * cancelled trade was never sent (no execution on-chain, no USDC spent) and every cancel of it answered 200; an
 * executed trade executed exactly once and every cancel of it answered 409 TRADE_NOT_CANCELLABLE.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';

const stack = useSandboxStack({ dispatcher: false });

const TRADES = 16;
const ATTEMPTS = 3;

describe('cancel racing the executor', () => {
  it('either cancels a trade that is never sent, or answers 409 for one that executes once: never both', async () => {
    const trader = await stack.trader('/cancel-race');
    const before = await stack.holdings(trader.account);
    const placed = await Promise.all(
      Array.from({ length: TRADES }, async (_, index) => {
        await sleep(index * 15);
        const response = await stack.chain.postTrade(trader, stack.chain.buyBody('1'));
        expect(response.status).toBe(201);
        const { id } = response.json.trade as { id: string };
        // Several clients cancel the same trade, from at once to well after the executor could have taken it.
        const answers = await Promise.all(
          Array.from({ length: ATTEMPTS }, async (__, attempt) => {
            await sleep(index * 20 + attempt * 10);
            const cancel = await callAs(stack.chain.kit, trader, 'POST', `/v1/trades/${id}/cancel`);
            return { status: cancel.status, code: cancel.json.code as string | undefined };
          }),
        );
        return { id, answers };
      }),
    );

    let cancelled = 0;
    for (const { id, answers } of placed) {
      const trade = await stack.settled(id);
      const executions = await executionsOf(stack.chain, trader.account, id);
      if (trade.status === 'rejected') {
        cancelled += 1;
        expect({ id, errorCode: trade.errorCode, executions: executions.length }).toEqual({
          id,
          errorCode: 'TRADE_CANCELLED',
          executions: 0,
        });
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      } else {
        expect({ id, status: trade.status, executions: executions.length }).toEqual({
          id,
          status: 'completed',
          executions: 1,
        });
        expect(answers).toEqual(answers.map(() => ({ status: 409, code: 'TRADE_NOT_CANCELLABLE' })));
      }
    }
    // Exactly the executed trades spent their 1 USDC.
    const spent = before.usdc - (await stack.holdings(trader.account)).usdc;
    expect(spent).toBe(BigInt(TRADES - cancelled) * 1_000_000n);
  });
});
