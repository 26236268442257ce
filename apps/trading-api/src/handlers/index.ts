import type { Knex } from 'knex';
import type { ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import type { SecretBox } from '#shared/auth/secret-box.js';
import type { ReadThroughCache } from '#shared/cache/read-through-cache.js';
import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import type { ConfirmationKeys } from '../domain/confirmation-token.js';
import type { CursorCodec } from '../http/cursor.js';
import type { HandlerResult, OperationHandler } from '../pipeline/operation-handler.js';
import type { ChainSource } from '../use-cases/chain-source.js';
import { confirmTradeHandler } from './confirm-trade.handler.js';
import { createRedemptionHandler } from './create-redemption.handler.js';
import { createTradeHandler } from './create-trade.handler.js';
import { getAccountUsageHandler } from './get-account-usage.handler.js';
import { getMarketQuoteHandler } from './get-market-quote.handler.js';
import { getMarketHandler } from './get-market.handler.js';
import { getPortfolioHandler } from './get-portfolio.handler.js';
import { getTraceHandler } from './get-trace.handler.js';
import { getTradeHandler } from './get-trade.handler.js';
import { listMarketPredictionsHandler } from './list-market-predictions.handler.js';
import { listMarketsHandler } from './list-markets.handler.js';
import { listPortfolioPositionsHandler } from './list-portfolio-positions.handler.js';
import { listTradesHandler } from './list-trades.handler.js';
import { listWebhookEventsHandler } from './list-webhook-events.handler.js';
import { redeliverWebhookEventHandler } from './redeliver-webhook-event.handler.js';
import { rotateWebhookSecretHandler } from './rotate-webhook-secret.handler.js';
import { cachedForEveryCaller } from './shared-read-cache.js';

/** What the use cases behind the handlers use. */
export interface HandlerDeps {
  db: Knex;
  /** Signs and checks pagination cursors. */
  cursors: CursorCodec;
  /** The chain reader (quotes, portfolio); absent = those routes answer 503 DEPENDENCY_UNAVAILABLE. */
  chain?: ChainSource;
  /** Micro-cache of the reads that answer the same to every caller (markets). */
  sharedReads: ReadThroughCache<HandlerResult>;
  /** Writes a state change and its messages in one transaction, publishing them after the commit. */
  outbox: OutboxTransaction;
  /** Derives and verifies high-value confirmation tokens (never stored in plaintext). */
  confirmationKeys: ConfirmationKeys;
  /** POST /v1/redemptions is served (else 404 REDEMPTIONS_NOT_ENABLED). */
  redemptionsEnabled: boolean;
  /** Seals rotated webhook secrets (WEBHOOK_SECRET_KEY, shared with the CLI and the dispatcher). */
  webhookSecrets: SecretBox;
  /** SERVICE_ENV: the sandbox simulation header is honoured only on `test` (with a test key). */
  serviceEnv: ApiKeyEnvironment;
}

/** operationId → handler. The v1 router refuses to start when an authenticated operation has none. */
export function createHandlers(deps: HandlerDeps): Record<string, OperationHandler> {
  return {
    listMarkets: cachedForEveryCaller(deps.sharedReads, 'listMarkets', listMarketsHandler(deps)),
    getMarket: cachedForEveryCaller(deps.sharedReads, 'getMarket', getMarketHandler(deps)),
    getMarketQuote: getMarketQuoteHandler(deps),
    listMarketPredictions: listMarketPredictionsHandler(deps),
    createTrade: createTradeHandler(deps),
    listTrades: listTradesHandler(deps),
    getTrade: getTradeHandler(deps),
    confirmTrade: confirmTradeHandler(deps),
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
