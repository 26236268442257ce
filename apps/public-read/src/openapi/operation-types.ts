/*
 * The typed input of each public read operation, from the contract types generated from the OpenAPI document
 * (generated/public-read-api.ts, decision 0026): what routes read and use cases take.
 */
import type { OperationInput } from '#shared/http/request-validator.js';
import type { components, operations } from './generated/public-read-api.js';

export type PublicOperationId = keyof operations;
export type PublicInput<Id extends PublicOperationId> = OperationInput<operations[Id]>;
export type PublicQuery<Id extends PublicOperationId> = PublicInput<Id>['query'];
/** The response items of the document, as the presenters build them. */
export type PublicSchemas = components['schemas'];

/** GET /api/threads and the organization and partner thread lists (the same parameters). */
export type ThreadListQuery = PublicQuery<'listThreads'>;
export type ThreadMarketsQuery = PublicQuery<'listThreadMarkets'>;
/** GET /api/markets once `thread_id` has been folded into `threadId`. */
export type MarketListQuery = Omit<PublicQuery<'listMarkets'>, 'thread_id'>;
export type OrganizationMarketsQuery = PublicQuery<'listOrganizationMarkets'>;
export type TrendingQuery = PublicQuery<'listTrendingMarkets'>;
export type TrendingTimeframe = TrendingQuery['timeframe'];
export type MarketDetailQuery = PublicQuery<'getMarket'>;
/** GET /api/markets/{id}/quote with the amount as the integer it spells. */
export type QuoteQuery = Omit<PublicQuery<'getMarketQuote'>, 'amount'> & { amount: bigint };
