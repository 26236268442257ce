/* Test-only: one valid request per authenticated operation (the conformance tests send each and check the answer). */
import {
  insertCallerTrade,
  insertTestMarket,
  insertTradeWebhookEvent,
  type TestCaller,
  type TradingApiKit,
} from './trading-api-test-kit.js';

export interface ConformanceRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** What the requests point at: a market, and a trade and a webhook event owned by the caller. */
export interface ConformanceFixtures {
  marketId: string;
  tradeId: string;
  correlationId: string;
  eventId: string;
}

export async function seedConformanceFixtures(kit: TradingApiKit, owner: TestCaller): Promise<ConformanceFixtures> {
  const db = kit.database.db;
  const market = await insertTestMarket(db, { question: 'Conforms?', category: 'spec' });
  const trade = await insertCallerTrade(db, owner, { marketId: market.id, amount: '2.5', amountAtomic: 2_500_000n });
  const eventId = await insertTradeWebhookEvent(db, trade);
  return { marketId: market.id, tradeId: trade.id, correlationId: trade.correlationId, eventId };
}

/** operationId → a request the description accepts (valid path, query and body). */
export function validRequests(fixtures: ConformanceFixtures): Record<string, ConformanceRequest> {
  const { marketId, tradeId, correlationId, eventId } = fixtures;
  return {
    listMarkets: { method: 'GET', path: '/v1/markets?status=all&limit=5' },
    getMarket: { method: 'GET', path: `/v1/markets/${marketId}` },
    getMarketQuote: { method: 'GET', path: `/v1/markets/${marketId}/quote?outcomeIndex=0&action=buy&amount=1000000` },
    listMarketPredictions: { method: 'GET', path: `/v1/markets/${marketId}/predictions?side=buy&limit=5` },
    listMarketCandles: { method: 'GET', path: `/v1/markets/${marketId}/candles?interval=1h&limit=5` },
    createTrade: {
      method: 'POST',
      path: '/v1/trades',
      body: { marketId, outcomeIndex: 0, amount: '1.5', side: 'buy' },
    },
    createTradeBatch: {
      method: 'POST',
      path: '/v1/trades/batch',
      body: {
        trades: [
          { marketId, outcomeIndex: 0, amount: '1', side: 'buy' },
          { marketId, outcomeIndex: 7 },
        ],
      },
    },
    listTrades: { method: 'GET', path: `/v1/trades?status=pending,completed&marketId=${marketId}&limit=5` },
    getTrade: { method: 'GET', path: `/v1/trades/${tradeId}` },
    streamEvents: { method: 'GET', path: '/v1/events/stream?types=trade.completed' },
    confirmTrade: { method: 'POST', path: `/v1/trades/${tradeId}/confirm`, body: { token: 't'.repeat(43) } },
    cancelTrade: { method: 'POST', path: `/v1/trades/${tradeId}/cancel` },
    getTrace: { method: 'GET', path: `/v1/traces/${correlationId}` },
    createRedemption: { method: 'POST', path: '/v1/redemptions', body: { marketId, outcomeIndex: 0 } },
    getPortfolio: { method: 'GET', path: '/v1/portfolio' },
    listPortfolioPositions: { method: 'GET', path: `/v1/portfolio/positions?marketId=${marketId}` },
    listWebhookEvents: { method: 'GET', path: '/v1/webhooks/events?status=failed,retrying&limit=5' },
    redeliverWebhookEvent: { method: 'POST', path: `/v1/webhooks/events/${eventId}/redeliver` },
    rotateWebhookSecret: { method: 'POST', path: '/v1/auth/api-keys/me/webhook-secret/rotate' },
    getAccountUsage: { method: 'GET', path: '/v1/account/usage' },
  };
}
