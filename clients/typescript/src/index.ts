/* @foretell/client: the typed client of the Foretell trading API. */
export { apiBaseUrl, createForetellClient, type ForetellClient, type ForetellClientOptions } from './client.js';
export {
  ForetellApiError,
  ForetellStreamError,
  ForetellTimeoutError,
  idempotencyKeyOf,
  type Problem,
} from './errors.js';
export type { EventStreamOptions } from './event-stream.js';
export type { StreamedEvent, TradeEvent, TradeEventData, TradeEventType } from './events.js';
export type { components, operations, paths, webhooks } from './generated/trading-api.js';
export { iterateCursor, iterateCursorPages, type CursorPage, type PageFetcher } from './pagination.js';
export { signRequestBody, type RequestToSign } from './request-signing.js';
export { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry-policy.js';
export type {
  Candle,
  CandleListQuery,
  Market,
  MarketListQuery,
  PredictionListQuery,
  QuoteQuery,
  WebhookEventListQuery,
} from './resources.js';
export {
  isTerminalTrade,
  type CreatedTrade,
  type CreateTradeOptions,
  type CreateTradeRequest,
  type Trade,
  type TradeListQuery,
  type TradeStatus,
  type WaitForOptions,
} from './trades.js';
export {
  DEFAULT_WEBHOOK_TOLERANCE_MS,
  verifyWebhook,
  WebhookSignatureError,
  type VerifyWebhookOptions,
  type WebhookFailure,
} from './webhook-verification.js';
