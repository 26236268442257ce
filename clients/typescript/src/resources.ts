/* `client.markets`, `client.portfolio`, `client.webhooks`, `client.account`: the reads and the account calls. */
import { unwrap, type Schemas, type TradingApi } from './api-call.js';
import type { operations } from './generated/trading-api.js';
import { iterateCursor } from './pagination.js';

type QueryOf<Operation extends keyof operations> = Omit<
  NonNullable<operations[Operation]['parameters']['query']>,
  'cursor'
>;

export type Market = Schemas['Market'];
export type MarketListQuery = QueryOf<'listMarkets'>;
export type PredictionListQuery = QueryOf<'listMarketPredictions'>;
export type CandleListQuery = QueryOf<'listMarketCandles'>;
export type Candle = Schemas['Candle'];
export type QuoteQuery = NonNullable<operations['getMarketQuote']['parameters']['query']>;
export type WebhookEventListQuery = QueryOf<'listWebhookEvents'>;

export function createMarketsApi(api: TradingApi) {
  return {
    /** Every market matching `query`, across pages. */
    list: (query: MarketListQuery = {}) =>
      iterateCursor((cursor) => unwrap(api.GET('/markets', { params: { query: { ...query, cursor } } }))),
    async get(id: string): Promise<Market> {
      return (await unwrap(api.GET('/markets/{id}', { params: { path: { id } } }))).market;
    },
    quote: (id: string, query: QuoteQuery) =>
      unwrap(api.GET('/markets/{id}/quote', { params: { path: { id }, query } })),
    /** Recent trades against a market, across pages. */
    predictions: (id: string, query: PredictionListQuery = {}) =>
      iterateCursor((cursor) =>
        unwrap(api.GET('/markets/{id}/predictions', { params: { path: { id }, query: { ...query, cursor } } })),
      ),
    /** An outcome's candles (`interval` required), oldest first, across pages. */
    candles: (id: string, query: CandleListQuery) =>
      iterateCursor((cursor) =>
        unwrap(api.GET('/markets/{id}/candles', { params: { path: { id }, query: { ...query, cursor } } })),
      ),
  };
}

export function createPortfolioApi(api: TradingApi) {
  return {
    async get(): Promise<Schemas['Portfolio']> {
      return (await unwrap(api.GET('/portfolio'))).portfolio;
    },
    positions: (query: NonNullable<operations['listPortfolioPositions']['parameters']['query']> = {}) =>
      unwrap(api.GET('/portfolio/positions', { params: { query } })),
  };
}

export function createWebhooksApi(api: TradingApi) {
  return {
    /** The calling key's webhook deliveries, across pages. */
    events: (query: WebhookEventListQuery = {}) =>
      iterateCursor((cursor) => unwrap(api.GET('/webhooks/events', { params: { query: { ...query, cursor } } }))),
    /** One more delivery attempt (not idempotent: each call enqueues one). */
    redeliver: (id: string) => unwrap(api.POST('/webhooks/events/{id}/redeliver', { params: { path: { id } } })),
    /** Rotates the key's webhook secret; the previous one stays valid for 7 days (verify with both meanwhile). */
    rotateSecret: () => unwrap(api.POST('/auth/api-keys/me/webhook-secret/rotate')),
  };
}

export function createAccountApi(api: TradingApi) {
  return { usage: () => unwrap(api.GET('/account/usage')) };
}
