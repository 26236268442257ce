/*
 * GET /v1/account/usage from trades that really ran: placed with POST /v1/trades, carried through the outbox and
 * RabbitMQ to the chain executor's workers and settled on anvil (the sandbox stack), one of them made to fail with
 * X-Service-Simulate: revert. The trade figures then count those rows, with the latencies they recorded.
 */
import { describe, expect, it } from '@jest/globals';
import { expectDescribed } from '#tooling/kits/trading-api/suite-kit.js';
import { useSandboxStack } from '#tooling/kits/chain-executor/sandbox-suite.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import type { TradeUsage } from '../usage/trade-usage.js';

const stack = useSandboxStack();
const spec = createResponseValidator();

/** POST /v1/trades (a 5 USDC buy), optionally with a sandbox outcome; the new trade's id. */
async function placeTrade(trader: TestCaller, simulate?: string): Promise<string> {
  const headers: Record<string, string> = simulate ? { 'X-Service-Simulate': simulate } : {};
  const response = await stack.chain.postTrade(trader, stack.chain.buyBody('5'), headers);
  expect(response.status).toBe(201);
  return (response.json.trade as { id: string }).id;
}

/** The trade as GET /v1/trades/{id} shows it. */
async function tradeOverApi(trader: TestCaller, id: string): Promise<Record<string, unknown>> {
  const response = await callAs(stack.chain.kit, trader, 'GET', `/v1/trades/${id}`);
  expect(response.status).toBe(200);
  return response.json.trade as Record<string, unknown>;
}

describe('GET /v1/account/usage after trades settled by the chain executor', () => {
  it('counts two completed trades and one reverted one, with latencies from their recorded finish times', async () => {
    const trader = await stack.chain.createTrader({ scopes: ['trades:read', 'trades:write', 'auth:manage'] });
    const ids = [await placeTrade(trader), await placeTrade(trader), await placeTrade(trader, 'revert')];

    // The executor recorded when each trade finished: the population of the latency percentiles.
    const rows = await Promise.all(ids.map((id) => stack.settled(id)));
    const overApi = await Promise.all(ids.map((id) => tradeOverApi(trader, id)));
    expect(overApi.map((trade) => [trade.id, trade.status, trade.errorCode])).toEqual([
      [ids[0], 'completed', null],
      [ids[1], 'completed', null],
      [ids[2], 'failed', 'CHAIN_REVERTED'],
    ]);

    for (const row of rows) {
      expect(row.apiKeyId).toBe(trader.record.id);
      expect(row.finishedAt).toBeInstanceOf(Date);
      expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }
    const latencies = rows.map((row) => row.finishedAt!.getTime() - row.createdAt.getTime()).sort((a, b) => a - b);

    const response = await callAs(stack.chain.kit, trader, 'GET', '/v1/account/usage');
    expectDescribed(spec, response, 'getAccountUsage', 200);
    const usage = response.json.usage as { apiKeyId: string; trades: Record<string, TradeUsage> };
    expect(usage.apiKeyId).toBe(trader.record.id);
    const day = usage.trades['24h']!;
    expect(day).toMatchObject({ total: 3, completed: 2, failed: 1 });
    expect(day.successRate).toBeCloseTo(2 / 3, 10);
    expect(typeof day.latencyMs.p50).toBe('number');
    expect(typeof day.latencyMs.p99).toBe('number');
    expect(day.latencyMs.p50).toBeGreaterThan(0);
    expect(day.latencyMs.p99).toBeGreaterThan(0);
    // Nearest rank over the three finished trades: p50 is the 2nd smallest latency, p99 the largest.
    expect(day.latencyMs).toEqual({ p50: latencies[1], p99: latencies[2] });
    // Every trade was created inside the last day, so the longer windows hold the same figures.
    expect(usage.trades['7d']).toEqual(day);
    expect(usage.trades['30d']).toEqual(day);
  }, 150_000);
});
