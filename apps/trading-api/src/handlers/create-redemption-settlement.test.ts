/*
 * End to end: POST /v1/redemptions → outbox → RabbitMQ → the chain executor's redemption workers → anvil, then
 * GET /v1/portfolio and /v1/portfolio/positions show the result (the position gone, the USDC paid).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectProblemCode } from '#tooling/kits/trading-api/suite-kit.js';
import { randomUUID } from 'node:crypto';
import { resolveMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { createListedFixtureMarket, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { findRedemptionById } from '#shared/db/redemptions/redemptions.repository.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { startRedemptionWorkers } from '../../../chain-executor/src/redemption-workers.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { startTradingChainKit, type TradingChainKit } from '#tooling/kits/trading-api/trading-chain-kit.js';

let messaging: TestMessaging;
let chainKit: TradingChainKit;
const spec = createResponseValidator();
let stopWorkers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  messaging = await createTestMessaging();
  chainKit = await startTradingChainKit({ amqp: messaging.createManager() });
  stopWorkers = await startRedemptionWorkers({
    db: chainKit.kit.database.db,
    amqp: messaging.createManager(),
    writer: chainKit.fixture.executor,
    operatorRegistry: chainKit.fixture.route.registry,
    executionDeadlineS: 120,
    logger: createLogger({ name: 'redemption-e2e', level: 'silent' }),
    settings: { redemptionsEnabled: true },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(stopWorkers.map((stop) => stop()));
  await chainKit?.close();
  await messaging?.destroy();
});

describe('a redemption from request to portfolio', () => {
  it('is settled by the chain executor and shows in GET /v1/portfolio and /v1/portfolio/positions', async () => {
    const { fixture, kit } = chainKit;
    const db = kit.database.db;
    const trader = await chainKit.createTrader({ fundingUsdc: 100n });
    const { marketId, market } = await createListedFixtureMarket(fixture, db, {
      question: 'Will it pay?',
      category: 'chain',
    });
    for (const [logIndex, outcomeIndex] of [0, 1].entries()) {
      const execution = await chainKit.buyOnChain(trader.account, { market, outcomeIndex, usdcIn: 20n * USDC });
      // Indexed as the executor's indexer would (the portfolio lists the markets an account traded on).
      await upsertMarketTrades(db, [
        {
          ...{ id: randomUUID(), marketId, chainId: fixture.reader.chain.id, txHash: execution.txHash, logIndex },
          ...{ blockNumber: execution.blockNumber, blockTime: new Date(), trader: trader.account, tradeId: null },
          ...{ outcomeIndex, side: 'buy', usdc: 20n * USDC, tokens: execution.amountOut, price: 0n },
          probabilityAfter: 0n,
        },
      ]);
    }
    await resolveMarket(fixture.admin, { market, winners: [0] });
    const portfolio = async () =>
      (await callAs(kit, trader, 'GET', '/v1/portfolio')).json.portfolio as Record<string, string>;
    const before = await portfolio();
    expect(before).toMatchObject({ usdcBalance: (60n * USDC).toString(), activePositions: 2 });

    const claim = await callAs(kit, trader, 'POST', '/v1/redemptions', { body: { marketId, outcomeIndex: 0 } });
    expect(claim.status).toBe(201);
    const id = (claim.json.redemption as { id: string }).id;
    const settled = await waitFor('the claim to complete', async () => {
      const row = await findRedemptionById(db, id);
      return row?.status === 'completed' ? row : null;
    });
    expect(settled.payout! > 20n * USDC).toBe(true);

    const after = await callAs(kit, trader, 'GET', '/v1/portfolio');
    expect(spec.errors(after.json, 'getPortfolio', 200)).toEqual([]);
    expect(after.json.portfolio).toMatchObject({
      usdcBalance: (60n * USDC + settled.payout!).toString(),
      activePositions: 1,
    });
    const positions = await callAs(kit, trader, 'GET', `/v1/portfolio/positions?marketId=${marketId}`);
    expect(spec.errors(positions.json, 'listPortfolioPositions', 200)).toEqual([]);
    expect((positions.json.positions as Array<{ outcomeIndex: number }>).map((p) => p.outcomeIndex)).toEqual([1]);

    // The position is gone: a new claim finds nothing to redeem.
    const again = await callAs(kit, trader, 'POST', '/v1/redemptions', { body: { marketId, outcomeIndex: 0 } });
    expectProblemCode(again, 409, 'POSITION_NOT_CLAIMABLE');
  });
});
