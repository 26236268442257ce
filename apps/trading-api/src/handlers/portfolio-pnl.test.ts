/*
 * Profit and loss in GET /v1/portfolio/positions and /v1/portfolio on a real anvil chain: a buy, buy, sell sequence
 * marked at the market's price, then resolved and valued at its payout, then redeemed (its realized profit kept in
 * the totals), checked against the average-cost method worked by hand over the amounts the chain executed.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { resolveMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { sellThroughAccount } from '../../../chain-executor/src/chain/account-trades.js';
import { settleRedemption } from '../../../chain-executor/src/use-cases/settle-redemption.use-case.js';
import { readMarketPrices } from '#shared/chain/market-reads.js';
import { readOutcomeBalances, readRedeemable } from '#shared/chain/balances.js';
import { wadToDecimalString } from '#shared/db/column-values.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { insertOpenRedemption } from '#shared/db/redemptions/redemptions.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createListedFixtureMarket, USDC, WAD } from '#tooling/testing/chain-test-fixtures.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();

/** A fresh market, and a trader account with `fundingUsdc` whose trades on it are indexed as the indexer would. */
async function tradingOnNewMarket(fundingUsdc: bigint) {
  const { fixture, kit } = chainKit;
  const db = kit.database.db;
  const trader = await chainKit.createTrader({ fundingUsdc });
  const { marketId, market } = await createListedFixtureMarket(fixture, db, { question: 'P&L?', category: 'pnl' });
  let logIndex = 0;
  const index = async (outcomeIndex: number, side: 'buy' | 'sell', usdc: bigint, tokens: bigint, txHash: string) => {
    await upsertMarketTrades(db, [
      {
        ...{ id: randomUUID(), marketId, chainId: fixture.reader.chain.id, txHash, logIndex: (logIndex += 1) },
        ...{ blockNumber: BigInt(logIndex), blockTime: new Date(), trader: trader.account, tradeId: null },
        ...{ outcomeIndex, side, usdc, tokens, price: 0n, probabilityAfter: 0n },
      },
    ]);
    // The indexer's aggregates: the market's prices after its latest trade.
    const { p } = await readMarketPrices(fixture.reader, market);
    await db('markets')
      .where({ id: marketId })
      .update({ current_prices: JSON.stringify(p.map(String)) });
  };
  return {
    trader,
    marketId,
    market,
    async buy(outcomeIndex: number, usdcIn: bigint) {
      const execution = await chainKit.buyOnChain(trader.account, { market, outcomeIndex, usdcIn });
      await index(outcomeIndex, 'buy', usdcIn, execution.amountOut, execution.txHash);
      return execution.amountOut;
    },
    async sell(outcomeIndex: number, tokensIn: bigint) {
      const execution = await sellThroughAccount(fixture.executor, {
        ...{ ...fixture.route, account: trader.account, market, outcomeIndex },
        ...{ tokensIn, minUsdcOut: 0n, tradeId: randomUUID() },
      });
      await index(outcomeIndex, 'sell', execution.amountOut, tokensIn, execution.txHash);
      return execution.amountOut;
    },
  };
}

const positionsOf = async (caller: Parameters<typeof callAs>[1]) => {
  const response = await callAs(chainKit.kit, caller, 'GET', '/v1/portfolio/positions');
  expectDescribed(spec, response, 'listPortfolioPositions', 200);
  return response.json.positions as Array<Record<string, unknown>>;
};

describe('profit and loss of positions', () => {
  it('follows the average-cost method through buy, buy, sell, a closed position, resolution and redemption', async () => {
    const { fixture, kit } = chainKit;
    const book = await tradingOnNewMarket(300n);
    const first = await book.buy(0, 40n * USDC);
    const second = await book.buy(0, 60n * USDC);
    const bought = first + second;
    const sold = bought / 4n;
    const proceeds = await book.sell(0, sold);
    // Outcome 1 opened and closed: its realized profit counts in the portfolio total, not in the positions.
    const closedTokens = await book.buy(1, 10n * USDC);
    const closedProceeds = await book.sell(1, closedTokens);

    // By hand: 100 USDC for `bought`; the sale takes out 100 × sold ÷ bought (rounded down) of cost.
    const costOfSold = (100n * USDC * sold) / bought;
    const shares = bought - sold;
    const openCost = 100n * USDC - costOfSold;
    const realized = proceeds - costOfSold;
    const [held] = await readOutcomeBalances(fixture.reader, { market: book.market, account: book.trader.account });
    expect(held).toBe(shares);
    const { p } = await readMarketPrices(fixture.reader, book.market);
    const price = p[0] ?? 0n;
    const value = (shares * price) / (WAD * 10n ** 12n);

    const [open] = await positionsOf(book.trader);
    expect(open).toMatchObject({
      marketId: book.marketId,
      outcomeIndex: 0,
      shares: shares.toString(),
      markPrice: wadToDecimalString(price),
      value: value.toString(),
      averagePrice: wadToDecimalString((openCost * 10n ** 12n * WAD) / shares),
      realizedPnl: realized.toString(),
      unrealizedPnl: (value - openCost).toString(),
    });
    const closedRealized = closedProceeds - 10n * USDC;
    expect(closedRealized < 0n).toBe(true); // the sell fee: a round trip loses
    const portfolio = await callAs(kit, book.trader, 'GET', '/v1/portfolio');
    expectDescribed(spec, portfolio, 'getPortfolio', 200);
    expect(portfolio.json.portfolio).toMatchObject({
      activePositions: 1,
      totalValue: value.toString(),
      totalRealizedPnl: (realized + closedRealized).toString(),
      totalUnrealizedPnl: (value - openCost).toString(),
    });

    await resolveMarket(fixture.admin, { market: book.market, winners: [0] });
    await kit.database.db('markets').where({ id: book.marketId }).update({ status: 'RESOLVED' });
    const payout = await readRedeemable(fixture.reader, {
      market: book.market,
      account: book.trader.account,
      outcomeIndex: 0,
    });
    expect(payout > value).toBe(true);
    const [resolved] = await positionsOf(book.trader);
    expect(resolved).toMatchObject({
      markPrice: wadToDecimalString((payout * 10n ** 12n * WAD) / shares),
      value: payout.toString(),
      realizedPnl: realized.toString(),
      unrealizedPnl: (payout - openCost).toString(),
    });

    // Redeemed by the executor as a claim is: the position is gone, and what it realized stays in the total.
    const claim = await insertOpenRedemption(kit.database.db, {
      ...{ userId: book.trader.userId, apiKeyId: null, marketId: book.marketId, outcomeIndex: 0 },
    });
    const settled = await settleRedemption(
      {
        ...{ db: kit.database.db, writer: fixture.executor, operatorRegistry: fixture.route.registry },
        ...{ executionDeadlineS: 120, logger: createLogger({ name: 'pnl-test', level: 'silent' }) },
      },
      { redemptionId: claim.id },
    );
    expect(settled).toBe('completed');
    expect(await positionsOf(book.trader)).toEqual([]);
    const afterRedemption = await callAs(kit, book.trader, 'GET', '/v1/portfolio');
    expect(afterRedemption.json.portfolio).toMatchObject({
      activePositions: 0,
      totalValue: '0',
      totalRealizedPnl: (realized + payout - openCost + closedRealized).toString(),
      totalUnrealizedPnl: '0',
    });
  });

  it('marks tokens held without an indexed trade at the market price, at no cost', async () => {
    const { fixture } = chainKit;
    const book = await tradingOnNewMarket(100n);
    await book.buy(0, 10n * USDC);
    // The mark: the prices indexed after the market's latest indexed trade.
    const { p } = await readMarketPrices(fixture.reader, book.market);
    const price = p[1] ?? 0n;
    // Outcome 1 bought on-chain but never indexed (as tokens received some other way would be).
    const unindexed = await chainKit.buyOnChain(book.trader.account, {
      market: book.market,
      outcomeIndex: 1,
      usdcIn: 5n * USDC,
    });
    const value = (unindexed.amountOut * price) / (WAD * 10n ** 12n);
    const positions = await positionsOf(book.trader);
    expect(positions.map((position) => position.outcomeIndex)).toEqual([0, 1]);
    expect(positions[1]).toMatchObject({
      shares: unindexed.amountOut.toString(),
      costBasis: '0',
      tradeCount: 0,
      firstTradeAt: null,
      markPrice: wadToDecimalString(price),
      value: value.toString(),
      averagePrice: null,
      realizedPnl: '0',
      unrealizedPnl: value.toString(),
    });
  });

  it('closes a losing outcome at resolution as a sale at 0: gone from the positions, its cost a realized loss', async () => {
    const { fixture, kit } = chainKit;
    const book = await tradingOnNewMarket(100n);
    await book.buy(0, 10n * USDC);
    const losingTokens = await book.buy(1, 20n * USDC);
    await resolveMarket(fixture.admin, { market: book.market, winners: [0] });
    await kit.database.db('markets').where({ id: book.marketId }).update({ status: 'RESOLVED' });

    // The losing tokens are still held on chain, worth nothing and never redeemable.
    const [, held] = await readOutcomeBalances(fixture.reader, { market: book.market, account: book.trader.account });
    expect(held).toBe(losingTokens);
    const payout = await readRedeemable(fixture.reader, {
      market: book.market,
      account: book.trader.account,
      outcomeIndex: 0,
    });
    const positions = await positionsOf(book.trader);
    expect(positions.map((position) => position.outcomeIndex)).toEqual([0]);
    const portfolio = await callAs(kit, book.trader, 'GET', '/v1/portfolio');
    expectDescribed(spec, portfolio, 'getPortfolio', 200);
    expect(portfolio.json.portfolio).toMatchObject({
      activePositions: 1,
      totalValue: payout.toString(),
      totalRealizedPnl: (-20n * USDC).toString(),
      totalUnrealizedPnl: (payout - 10n * USDC).toString(),
    });
  });
});
