/*
 * Sandbox failure simulation end to end (issue 19, decision 0023): each X-Service-Simulate value, sent with
 * POST /v1/trades on a test key, takes the trade through the real executor on a real chain to its documented
 * outcome — status, errorCode, trace, the recorded event and the webhook delivered to a real HTTP receiver — and
 * the chain shows it: a reverted transaction that moved no USDC and no position, or one execution.
 */
import { describe, expect, it } from '@jest/globals';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';

const stack = useSandboxStack();

const SIMULATE = 'X-Service-Simulate';

async function place(path: string, simulation: string, amount = '5') {
  const trader = await stack.trader(path);
  const before = await stack.holdings(trader.account);
  const response = await stack.chain.postTrade(trader, stack.chain.buyBody(amount), { [SIMULATE]: simulation });
  expect(response.status).toBe(201);
  const { id } = response.json.trade as { id: string };
  return { trader, before, id };
}

type Placed = Awaited<ReturnType<typeof place>>;

/** A trade that completed normally: executed once, 5 USDC spent, trade.completed recorded and delivered at `path`. */
async function expectCompletedOnce(path: string, { trader, before, id }: Placed, trade: TradeRecord) {
  expect(await executionsOf(stack.chain, trader.account, id)).toHaveLength(1);
  expect((await stack.holdings(trader.account)).usdc).toBe(before.usdc - 5_000_000n);
  expect(await stack.eventTypesOf(trade)).toEqual(['trade.completed']);
  expect((await stack.delivery(path)).json).toMatchObject({ type: 'trade.completed', data: { tradeId: id } });
}

const ON_CHAIN_FAILURE_TRACE = [
  'trade.created',
  'trade.queued',
  'trade.validating',
  'trade.executing',
  'trade.tx_sent',
  'trade.failed',
  'webhook.event_recorded',
];

describe.each([
  { simulation: 'slippage', errorCode: 'SLIPPAGE_EXCEEDED' },
  // The same unreachable guard, owned as the trade's price limit (issue 31).
  { simulation: 'price_limit', errorCode: 'PRICE_LIMIT_EXCEEDED' },
  { simulation: 'insufficient_balance', errorCode: 'INSUFFICIENT_BALANCE' },
  { simulation: 'revert', errorCode: 'CHAIN_REVERTED' },
  // The contract's "timeout → failed": the OperatorRegistry refuses a call mined after its deadline (decision 0031).
  { simulation: 'timeout', errorCode: 'EXECUTION_TIMEOUT' },
])('X-Service-Simulate: $simulation', ({ simulation, errorCode }) => {
  it(`fails the trade with ${errorCode} through a real reverted transaction, with trade.failed delivered`, async () => {
    const path = `/sandbox/${simulation}`;
    const { trader, before, id } = await place(path, simulation);

    const trade = await stack.settled(id);
    expect([trade.status, trade.errorCode]).toEqual(['failed', errorCode]);
    expect(trade.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await stack.chain.fixture.reader.publicClient.getTransactionReceipt({ hash: trade.txHash! });
    expect(receipt.status).toBe('reverted');
    expect(receipt.from.toLowerCase()).toBe(stack.chain.fixture.executor.account.address.toLowerCase());
    // Sent through the OperatorRegistry, the operator of every smart account.
    expect(receipt.to?.toLowerCase()).toBe(stack.chain.fixture.route.registry.toLowerCase());
    expect(await stack.holdings(trader.account)).toEqual(before);
    expect(await executionsOf(stack.chain, trader.account, id)).toHaveLength(0);

    const trace = await stack.traceOf(trade);
    expect(trace.map((step) => step.type)).toEqual(ON_CHAIN_FAILURE_TRACE);
    expect(trace[0]?.data).toMatchObject({ simulation });
    expect(trace.find((step) => step.type === 'trade.failed')?.data).toMatchObject({ errorCode, txHash: trade.txHash });
    expect(await stack.eventTypesOf(trade)).toEqual(['trade.failed']);

    const delivery = await stack.delivery(path);
    expect(delivery.json).toMatchObject({
      type: 'trade.failed',
      data: { tradeId: id, status: 'failed', errorCode, errorMessage: trade.errorMessage },
    });
    expect(delivery.headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  }, 90_000);
});

describe('X-Service-Simulate: reject', () => {
  it('rejects the pending trade by policy before validation, with trade.rejected delivered and nothing sent', async () => {
    const path = '/sandbox/reject';
    const { trader, before, id } = await place(path, 'reject');

    const trade = await stack.settled(id);
    expect([trade.status, trade.errorCode, trade.txHash]).toEqual(['rejected', 'TRADE_REJECTED_BY_OPERATOR', null]);
    const trace = await stack.traceOf(trade);
    expect(trace.map((step) => step.type)).toEqual([
      'trade.created',
      'trade.queued',
      'trade.rejected',
      'webhook.event_recorded',
    ]);
    expect(await stack.eventTypesOf(trade)).toEqual(['trade.rejected']);
    expect(await stack.holdings(trader.account)).toEqual(before);

    const delivery = await stack.delivery(path);
    expect(delivery.json).toMatchObject({
      type: 'trade.rejected',
      data: { tradeId: id, status: 'rejected', errorCode: 'TRADE_REJECTED_BY_OPERATOR' },
    });
  }, 90_000);
});

describe('X-Service-Simulate: delay=<ms>', () => {
  it('holds the trade pending for the delay, then completes it normally', async () => {
    const path = '/sandbox/delay';
    const placed = await place(path, 'delay=1200');

    const trade = await stack.settled(placed.id);
    expect([trade.status, trade.errorCode]).toEqual(['completed', null]);
    const trace = await stack.traceOf(trade);
    expect(trace[0]?.data).toMatchObject({ simulation: 'delay=1200' });
    const queued = trace.find((step) => step.type === 'trade.queued')!;
    const validating = trace.find((step) => step.type === 'trade.validating')!;
    expect(validating.occurredAt.getTime() - queued.occurredAt.getTime()).toBeGreaterThanOrEqual(1_200);
    await expectCompletedOnce(path, placed, trade);
  }, 90_000);
});

describe.each([
  { simulation: 'slippage', errorCode: 'SLIPPAGE_EXCEEDED' },
  { simulation: 'price_limit', errorCode: 'PRICE_LIMIT_EXCEEDED' },
  { simulation: 'insufficient_balance', errorCode: 'INSUFFICIENT_BALANCE' },
  { simulation: 'revert', errorCode: 'CHAIN_REVERTED' },
])('X-Service-Simulate: $simulation on a sell', ({ simulation, errorCode }) => {
  it(`fails the sell with ${errorCode} through a real reverted transaction, the position untouched`, async () => {
    const path = `/sandbox/sell-${simulation}`;
    const trader = await stack.trader(path);
    const bought = await stack.chain.postTrade(trader, stack.chain.buyBody('10'));
    const buy = await stack.settled((bought.json.trade as { id: string }).id);
    expect(buy.status).toBe('completed');
    await stack.delivery(path);
    const before = await stack.holdings(trader.account);
    expect(before.tokens[0]).toBeGreaterThan(0n);

    const body = { ...stack.chain.buyBody('2'), side: 'sell' };
    const response = await stack.chain.postTrade(trader, body, { [SIMULATE]: simulation });
    expect(response.status).toBe(201);
    const trade = await stack.settled((response.json.trade as { id: string }).id);
    expect([trade.status, trade.errorCode]).toEqual(['failed', errorCode]);
    const receipt = await stack.chain.fixture.reader.publicClient.getTransactionReceipt({ hash: trade.txHash! });
    expect(receipt.status).toBe('reverted');
    expect(await stack.holdings(trader.account)).toEqual(before);
    expect((await stack.traceOf(trade)).map((step) => step.type)).toEqual(ON_CHAIN_FAILURE_TRACE);
    const [, failed] = await stack.receiver.waitFor(path, 2, 30_000);
    expect(JSON.parse(failed!.body)).toMatchObject({ type: 'trade.failed', data: { tradeId: trade.id, errorCode } });
  }, 90_000);
});
