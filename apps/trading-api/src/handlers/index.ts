import type { OperationHandler } from '../pipeline/operation-handler.js';
import { cancelTradeHandler } from './cancel-trade.handler.js';
import { confirmTradeHandler } from './confirm-trade.handler.js';
import { createRedemptionHandler } from './create-redemption.handler.js';
import { createTradeBatchHandler } from './create-trade-batch.handler.js';
import { createTradeHandler } from './create-trade.handler.js';
import { getAccountUsageHandler } from './get-account-usage.handler.js';
import { getMarketQuoteHandler } from './get-market-quote.handler.js';
import { getMarketHandler } from './get-market.handler.js';
import { getPortfolioHandler } from './get-portfolio.handler.js';
import { getTraceHandler } from './get-trace.handler.js';
import { getTradeHandler } from './get-trade.handler.js';
import { listMarketCandlesHandler } from './list-market-candles.handler.js';
import { listMarketPredictionsHandler } from './list-market-predictions.handler.js';
import { listMarketsHandler } from './list-markets.handler.js';
import { listPortfolioPositionsHandler } from './list-portfolio-positions.handler.js';
import { listTradesHandler } from './list-trades.handler.js';
import { listWebhookEventsHandler } from './list-webhook-events.handler.js';
import { redeliverWebhookEventHandler } from './redeliver-webhook-event.handler.js';
import { rotateWebhookSecretHandler } from './rotate-webhook-secret.handler.js';
import { cachedForEveryCaller } from './shared-read-cache.js';
import type { HandlerDeps } from './handler-deps.js';

/** operationId → handler. The v1 router refuses to start when an authenticated operation has none. */
export function createHandlers(deps: HandlerDeps): Record<string, OperationHandler> {
  return {
    listMarkets: cachedForEveryCaller(deps.sharedReads, 'listMarkets', listMarketsHandler(deps)),
    getMarket: cachedForEveryCaller(deps.sharedReads, 'getMarket', getMarketHandler(deps)),
    getMarketQuote: getMarketQuoteHandler(deps),
    listMarketPredictions: listMarketPredictionsHandler(deps),
    listMarketCandles: cachedForEveryCaller(deps.sharedReads, 'listMarketCandles', listMarketCandlesHandler(deps)),
    createTrade: createTradeHandler(deps),
    createTradeBatch: createTradeBatchHandler(deps),
    listTrades: listTradesHandler(deps),
    getTrade: getTradeHandler(deps),
    confirmTrade: confirmTradeHandler(deps),
    cancelTrade: cancelTradeHandler(deps),
    getTrace: getTraceHandler(deps),
    createRedemption: createRedemptionHandler(deps),
    getPortfolio: getPortfolioHandler(deps),
    listPortfolioPositions: listPortfolioPositionsHandler(deps),
    listWebhookEvents: listWebhookEventsHandler(deps),
    redeliverWebhookEvent: redeliverWebhookEventHandler(deps),
    rotateWebhookSecret: rotateWebhookSecretHandler(deps),
    getAccountUsage: getAccountUsageHandler(deps),
  };
}
