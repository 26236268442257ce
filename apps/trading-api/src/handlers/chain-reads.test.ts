/* GET /v1/markets/{id}/quote, /v1/portfolio and /v1/portfolio/positions against a real anvil chain. */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { readMarketPrices, readQuote } from '#shared/chain/market-reads.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { type ChainFixture, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { wadToDecimalString } from '#shared/db/column-values.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  call,
  callAs,
  createCaller,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();
const labels = ['YES', 'NO'];
let kit: TradingApiKit;
let fixture: ChainFixture;
let marketId: string;
let market: Address;
let account: Address;
let trader: TestCaller & { account: Address };
let boughtTokens: bigint;

beforeAll(async () => {
  ({ kit, fixture, marketId, market } = chainKit);
  trader = await chainKit.createTrader({ fundingUsdc: 500n });
  account = trader.account;
  const db = kit.database.db;
  // Two buys of outcome 1 and one of outcome 0, indexed as the chain executor's indexer would.
  const buys = [
    { outcomeIndex: 1, usdcIn: 40n * USDC },
    { outcomeIndex: 1, usdcIn: 10n * USDC },
    { outcomeIndex: 0, usdcIn: 5n * USDC },
  ];
  boughtTokens = 0n;
  for (const [index, buy] of buys.entries()) {
    const execution = await chainKit.buyOnChain(account, buy);
    if (buy.outcomeIndex === 1) boughtTokens += execution.amountOut;
    await upsertMarketTrades(db, [
      {
        id: randomUUID(),
        marketId,
        chainId: fixture.reader.chain.id,
        txHash: execution.txHash,
        logIndex: index,
        blockNumber: execution.blockNumber,
        blockTime: new Date(Date.parse('2026-11-10T00:00:00Z') + index * 60_000),
        trader: account,
        tradeId: null,
        outcomeIndex: buy.outcomeIndex,
        side: 'buy',
        usdc: buy.usdcIn,
        tokens: execution.amountOut,
        price: 0n,
        probabilityAfter: 0n,
      },
    ]);
  }
}, 60_000);

describe('GET /v1/markets/{id}/quote', () => {
  it('serves the on-chain buy quote as {quote, market, units, _meta}, cacheable 10 s', async () => {
    const caller = await createCaller(kit, { tier: 'free' });
    const response = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${marketId}/quote?outcomeIndex=0&action=buy&amount=25000000`,
    );
    expectDescribed(spec, response, 'getMarketQuote', 200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=10');
    const direct = await readQuote(fixture.reader, {
      marketId,
      contractAddress: market,
      labels,
      outcomeIndex: 0,
      action: 'buy',
      amount: 25n * USDC,
    });
    const { _meta, ...body } = response.json;
    expect(body).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(body.market).toMatchObject({ id: marketId, status: 'ACTIVE', chainId: fixture.reader.chain.id });
    expect(body.units).toEqual({ usdc: 'atomic-6', token: 'wad-18' });
    expect(_meta).toEqual({ requestId: expect.any(String), timestamp: expect.any(String) });
  });

  it('serves a sell quote', async () => {
    const caller = await createCaller(kit);
    const response = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${marketId}/quote?outcomeIndex=1&action=sell&amount=1000000000000000000`,
    );
    expectDescribed(spec, response, 'getMarketQuote', 200);
    expect(response.json.quote).toMatchObject({
      action: 'sell',
      tokensIn: '1000000000000000000',
      sellFeeBps: expect.any(Number),
    });
    // c falls on a sell: the quoted c after it is strictly below the market's c now; a buy quote keeps it.
    const { c } = await readMarketPrices(fixture.reader, market);
    const cOf = (json: Record<string, unknown>) => BigInt((json.quote as { c: string }).c);
    expect(cOf(response.json)).toBeLessThan(c);
    const buy = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${marketId}/quote?outcomeIndex=1&action=buy&amount=5000000`,
    );
    expect(cOf(buy.json)).toBeGreaterThanOrEqual(c);
  });

  it('answers 400 to bad parameters and an outcome beyond the market, 404 to an unknown market, 422 without a contract', async () => {
    const caller = await createCaller(kit);
    for (const query of [
      'outcomeIndex=0&action=hold&amount=1',
      'outcomeIndex=0&action=buy&amount=0',
      'outcomeIndex=0&action=buy&amount=1.5',
      'action=buy&amount=1',
      'outcomeIndex=2&action=buy&amount=1000000',
      // Digits the pattern admits, past what the contract can take (a uint256).
      `outcomeIndex=0&action=buy&amount=${2n ** 256n}`,
      `outcomeIndex=0&action=sell&amount=${'9'.repeat(78)}`,
    ]) {
      const response = await callAs(kit, caller, 'GET', `/v1/markets/${marketId}/quote?${query}`);
      expect({ query, status: response.status, code: response.json.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(spec.errors(response.json, 'getMarketQuote', 400)).toEqual([]);
    }
    const unknown = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${randomUUID()}/quote?outcomeIndex=0&action=buy&amount=1`,
    );
    expectDescribed(spec, unknown, 'getMarketQuote', 404, 'RESOURCE_NOT_FOUND');
    const draft = await insertMarket(kit.database.db, { question: 'Draft?', category: 'chain', outcomes: labels });
    const untradeable = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${draft.id}/quote?outcomeIndex=0&action=buy&amount=1`,
    );
    expectDescribed(spec, untradeable, 'getMarketQuote', 422, 'MARKET_NOT_TRADEABLE');
  });
});

describe('GET /v1/portfolio and /v1/portfolio/positions', () => {
  it('reports the smart account, its on-chain USDC and the open positions with their cost basis', async () => {
    const response = await callAs(kit, trader, 'GET', '/v1/portfolio');
    expectDescribed(spec, response, 'getPortfolio', 200);
    const usdc = await readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account });
    expect(usdc).toBe(445n * USDC);
    expect(response.json.portfolio).toEqual({
      smartAccountAddress: account,
      usdcBalance: usdc.toString(),
      activePositions: 2,
      totalCostBasis: (55n * USDC).toString(),
      // The market's aggregates were never indexed here: no price to mark at (portfolio-pnl.test.ts marks them).
      totalValue: '0',
      totalRealizedPnl: '0',
      totalUnrealizedPnl: (-55n * USDC).toString(),
    });
    expect(response.json.data).toEqual(response.json.portfolio);
  });

  it('lists the positions per (market, outcome): on-chain shares, cost basis, trade count, first and last trade', async () => {
    const response = await callAs(kit, trader, 'GET', '/v1/portfolio/positions');
    expectDescribed(spec, response, 'listPortfolioPositions', 200);
    expect(response.json.positions).toEqual(response.json.data);
    const positions = response.json.positions as Array<Record<string, unknown>>;
    expect(positions).toHaveLength(2);
    expect(positions[0]).toMatchObject({ marketId, outcomeIndex: 0, costBasis: (5n * USDC).toString(), tradeCount: 1 });
    expect(positions[1]).toEqual({
      marketId,
      outcomeIndex: 1,
      shares: boughtTokens.toString(),
      costBasis: (50n * USDC).toString(),
      tradeCount: 2,
      firstTradeAt: '2026-11-10T00:00:00.000Z',
      lastTradeAt: '2026-11-10T00:01:00.000Z',
      markPrice: null,
      value: '0',
      averagePrice: wadToDecimalString((50n * USDC * 10n ** 30n) / boughtTokens),
      realizedPnl: '0',
      unrealizedPnl: (-50n * USDC).toString(),
    });
    const filtered = await callAs(kit, trader, 'GET', `/v1/portfolio/positions?marketId=${randomUUID()}`);
    expect(filtered.json.positions).toEqual([]);
    const bad = await callAs(kit, trader, 'GET', '/v1/portfolio/positions?marketId=nope');
    expectDescribed(spec, bad, 'listPortfolioPositions', 400, 'VALIDATION_FAILED');
  });

  it('reports an empty portfolio for a user without a smart account', async () => {
    const caller = await createCaller(kit);
    const portfolio = await callAs(kit, caller, 'GET', '/v1/portfolio');
    expect(portfolio.json.portfolio).toEqual({
      smartAccountAddress: null,
      usdcBalance: '0',
      activePositions: 0,
      totalCostBasis: '0',
      totalValue: '0',
      totalRealizedPnl: '0',
      totalUnrealizedPnl: '0',
    });
    const positions = await callAs(kit, caller, 'GET', '/v1/portfolio/positions');
    expect(positions.json.positions).toEqual([]);
  });
});

describe('GET /v1/ready', () => {
  it('lists the chain among the readiness checks: ok while the RPC answers', async () => {
    const response = await call(kit, 'GET', '/v1/ready');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ready', checks: { chain: 'ok' } });
  });
});
