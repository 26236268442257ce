import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { marketAbi } from '../../contracts/artifacts/index.js';
import { buyThroughAccount } from '../../../apps/chain-executor/src/chain/account-trades.js';
import { readOutcomeBalances, readWinners } from './balances.js';
import {
  createFixtureMarket,
  createFundedAccount,
  USDC,
  WAD,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { freezeMarket, resolveMarket } from '../../../apps/admin-cli/src/chain/market-admin.js';
import { readMarketPrices, readMarketState, readQuote } from './market-reads.js';
import type { BuyQuote, SellQuote } from './quote-format.js';

let fixture: ChainFixture;
let marketId: string;
let market: Address;
let account: Address;

useChainFixture(async (started) => {
  fixture = started;
  ({ marketId, market } = await createFixtureMarket(fixture, { outcomeCount: 3 }));
  ({ account } = await createFundedAccount(fixture));
  const trade = { account, market, minTokensOut: 0n };
  await buyThroughAccount(fixture.executor, {
    ...fixture.route,
    ...trade,
    outcomeIndex: 1,
    usdcIn: 40n * USDC,
    tradeId: randomUUID(),
  });
});

const labels = ['Alice', 'Bob', 'Carol'];
const DECIMAL = /^(0|[1-9]\d*)$/;
const sum = (values: readonly string[]) => values.reduce((total, value) => total + BigInt(value), 0n);
const quoteOf = (request: Partial<Parameters<typeof readQuote>[1]>) =>
  readQuote(fixture.reader, {
    marketId,
    contractAddress: market,
    labels,
    outcomeIndex: 0,
    action: 'buy',
    amount: USDC,
    ...request,
  });

describe('quotes', () => {
  it('serves a buy quote equal to Market.quoteBuy, with decimal strings and arrays summing to 1e18', async () => {
    const amount = 25n * USDC;
    const response = await quoteOf({ outcomeIndex: 2, amount });
    const view = await fixture.reader.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteBuy',
      args: [2n, amount],
    });
    const quote = response.quote as BuyQuote;
    expect(Object.keys(quote)).toEqual([
      'outcomeIndex',
      'action',
      'amountIn',
      'tokensOut',
      'reserveAfter',
      'c',
      'pAfter',
      'qAfter',
      'effectivePrice',
      'impliedProbability',
    ]);
    expect(quote).toMatchObject({
      outcomeIndex: 2,
      action: 'buy',
      amountIn: amount.toString(),
      tokensOut: view.tokensOut.toString(),
      reserveAfter: view.reserveAfter.toString(),
      c: view.c.toString(),
      pAfter: view.pAfter.map(String),
      qAfter: view.qAfter.map(String),
    });
    for (const value of [
      quote.amountIn,
      quote.tokensOut,
      quote.reserveAfter,
      quote.c,
      ...quote.pAfter,
      ...quote.qAfter,
    ]) {
      expect(value).toMatch(DECIMAL);
    }
    expect(sum(quote.pAfter)).toBe(WAD);
    expect(sum(quote.qAfter)).toBe(WAD);
    expect(quote.effectivePrice).toBeCloseTo(Number(amount) / 1e6 / (Number(view.tokensOut) / 1e18), 12);
    expect(quote.impliedProbability).toBe(Number(view.pAfter[2]) / 1e18);
    expect(response.units).toEqual({ usdc: 'atomic-6', token: 'wad-18' });
  });

  it('serves a sell quote equal to Market.quoteSell with the total sell fee', async () => {
    const amount = 10n * WAD;
    const response = await quoteOf({ outcomeIndex: 1, action: 'sell', amount });
    const view = await fixture.reader.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [1n, amount],
    });
    const quote = response.quote as SellQuote;
    expect(quote).toEqual({
      outcomeIndex: 1,
      action: 'sell',
      tokensIn: amount.toString(),
      usdcOut: view.usdcOut.toString(),
      grossRelease: view.grossRelease.toString(),
      sellFeeBps: 200,
      reserveAfter: view.reserveAfter.toString(),
      c: view.c.toString(),
      pAfter: view.pAfter.map(String),
      qAfter: view.qAfter.map(String),
      effectivePrice: expect.any(Number),
      impliedProbability: Number(view.pAfter[1]) / 1e18,
    });
    expect(quote.effectivePrice).toBeCloseTo(Number(view.usdcOut) / 1e6 / 10, 12);
    expect(sum(quote.pAfter)).toBe(WAD);
    expect(sum(quote.qAfter)).toBe(WAD);
    expect(view.c).toBeLessThan((await readMarketPrices(fixture.reader, market)).c);
  });

  it('describes the market with DB labels, current probabilities and the quote status form', async () => {
    await freezeMarket(fixture.admin, market);
    const { market: described } = await quoteOf({});
    const prices = await readMarketPrices(fixture.reader, market);
    expect(described).toEqual({
      id: marketId,
      contractAddress: market,
      chainId: 31337,
      outcomes: labels.map((label, outcomeIndex) => ({
        outcomeIndex,
        label,
        probability: Number(prices.q[outcomeIndex]) / 1e18,
      })),
      status: 'PAUSED',
    });
    expect(prices.p.reduce((a, b) => a + b, 0n)).toBe(WAD);
    expect(prices.q.reduce((a, b) => a + b, 0n)).toBe(WAD);
  });

  it.each([
    ['an outcome index the market does not have', { outcomeIndex: 3 }, { code: 'VALIDATION_FAILED', status: 400 }],
    [
      'a sell of more tokens than exist',
      { action: 'sell', amount: 10n ** 30n },
      { code: 'TRADE_AMOUNT_NOT_EXECUTABLE' },
    ],
    [
      'a market address where no contract sits',
      { contractAddress: '0x000000000000000000000000000000000000dEaD' },
      { code: 'CHAIN_REVERTED', status: 502 },
    ],
  ] as const)('rejects %s', async (_case, request, error) => {
    await expect(quoteOf(request)).rejects.toMatchObject(error);
  });
});

describe('market state and positions', () => {
  it('reads the lifecycle state, winners and the account’s balances', async () => {
    expect(await readMarketState(fixture.reader, market)).toBe('OPEN');
    expect(await readWinners(fixture.reader, market)).toEqual([]);
    const balances = await readOutcomeBalances(fixture.reader, { market, account });
    expect(balances.map((balance) => balance > 0n)).toEqual([false, true, false]);
    await resolveMarket(fixture.admin, { market, winners: [2, 1] });
    expect(await readMarketState(fixture.reader, market)).toBe('RESOLVED');
    expect(await readWinners(fixture.reader, market)).toEqual([1, 2]);
  });
});
