/* GET /v1/markets/{id}/quote, /v1/portfolio and /v1/portfolio/positions against a real anvil chain. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { buyThroughAccount } from '../../../chain-executor/src/chain/account-trades.js';
import { readMarketPrices, readQuote } from '#shared/chain/market-reads.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import {
  type ChainFixture,
  createListedFixtureMarket,
  createFundedAccount,
  recordFixtureDeployment,
  startChainFixture,
  USDC,
} from '#tooling/testing/chain-test-fixtures.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import {
  createResponseValidator,
  type ResponseValidator,
} from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  call,
  callAs,
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';

let fixture: ChainFixture;
let kit: TradingApiKit;
let spec: ResponseValidator;
let marketId: string;
let market: Address;
let account: Address;
let trader: TestCaller;
const labels = ['YES', 'NO'];
let boughtTokens: bigint;

beforeAll(async () => {
  fixture = await startChainFixture();
  [kit, spec] = await Promise.all([
    startTradingApiKit({ chainReader: () => Promise.resolve(fixture.reader) }),
    createResponseValidator(),
  ]);
  const db = kit.database.db;
  await recordFixtureDeployment(db, fixture);
  ({ marketId, market } = await createListedFixtureMarket(fixture, db, {
    question: 'Will the chain answer?',
    category: 'chain',
    outcomes: labels,
  }));
  ({ account } = await createFundedAccount(fixture, 500n * USDC));
  trader = await createCaller(kit);
  await db('users').where({ id: trader.userId }).update({ smart_account_address: account });
  // Two buys of outcome 1 and one of outcome 0, indexed as the chain executor's indexer would.
  const buys = [
    { outcomeIndex: 1, usdcIn: 40n * USDC },
    { outcomeIndex: 1, usdcIn: 10n * USDC },
    { outcomeIndex: 0, usdcIn: 5n * USDC },
  ];
  boughtTokens = 0n;
  for (const [index, buy] of buys.entries()) {
    const execution = await buyThroughAccount(fixture.executor, {
      ...fixture.route,
      account,
      market,
      ...buy,
      minTokensOut: 0n,
      tradeId: randomUUID(),
    });
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

afterAll(async () => {
  await kit?.close();
  await fixture?.stop();
});

describe('GET /v1/markets/{id}/quote', () => {
  it('serves the on-chain buy quote as {quote, market, units, _meta}, cacheable 10 s', async () => {
    const caller = await createCaller(kit, { tier: 'free' });
    const response = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${marketId}/quote?outcomeIndex=0&action=buy&amount=25000000`,
    );
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'getMarketQuote', 200)).toEqual([]);
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
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'getMarketQuote', 200)).toEqual([]);
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
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('RESOURCE_NOT_FOUND');
    expect(spec.errors(unknown.json, 'getMarketQuote', 404)).toEqual([]);
    const draft = await insertMarket(kit.database.db, { question: 'Draft?', category: 'chain', outcomes: labels });
    const untradeable = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${draft.id}/quote?outcomeIndex=0&action=buy&amount=1`,
    );
    expect(untradeable.status).toBe(422);
    expect(untradeable.json.code).toBe('MARKET_NOT_TRADEABLE');
    expect(spec.errors(untradeable.json, 'getMarketQuote', 422)).toEqual([]);
  });
});

describe('GET /v1/portfolio and /v1/portfolio/positions', () => {
  it('reports the smart account, its on-chain USDC and the open positions with their cost basis', async () => {
    const response = await callAs(kit, trader, 'GET', '/v1/portfolio');
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'getPortfolio', 200)).toEqual([]);
    const usdc = await readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account });
    expect(usdc).toBe(445n * USDC);
    expect(response.json.portfolio).toEqual({
      smartAccountAddress: account,
      usdcBalance: usdc.toString(),
      activePositions: 2,
      totalCostBasis: (55n * USDC).toString(),
    });
    expect(response.json.data).toEqual(response.json.portfolio);
  });

  it('lists the positions per (market, outcome): on-chain shares, cost basis, trade count, first and last trade', async () => {
    const response = await callAs(kit, trader, 'GET', '/v1/portfolio/positions');
    expect(response.status).toBe(200);
    expect(spec.errors(response.json, 'listPortfolioPositions', 200)).toEqual([]);
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
    });
    const filtered = await callAs(kit, trader, 'GET', `/v1/portfolio/positions?marketId=${randomUUID()}`);
    expect(filtered.json.positions).toEqual([]);
    const bad = await callAs(kit, trader, 'GET', '/v1/portfolio/positions?marketId=nope');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
    expect(spec.errors(bad.json, 'listPortfolioPositions', 400)).toEqual([]);
  });

  it('reports an empty portfolio for a user without a smart account', async () => {
    const caller = await createCaller(kit);
    const portfolio = await callAs(kit, caller, 'GET', '/v1/portfolio');
    expect(portfolio.json.portfolio).toEqual({
      smartAccountAddress: null,
      usdcBalance: '0',
      activePositions: 0,
      totalCostBasis: '0',
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
