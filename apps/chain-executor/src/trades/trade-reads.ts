/*
 * The rows a trade job reads before it moves the trade (the trade, its key for the policy, its market and user for
 * the target), each a fresh read; the lookups of jobs that start in the same turn share one query per table
 * (#shared/db tick-loader.ts), which is what a burst of deliveries is.
 */
import {
  createTickLoader,
  findApiKeysByIds,
  findMarketsByIds,
  findTradesByIds,
  findUsersByIds,
  type ApiKeyRecord,
  type Knex,
  type Market,
  type TradeRecord,
  type User,
} from '#shared/db/index.js';

export interface TradeReads {
  trade(id: string): Promise<TradeRecord | null>;
  apiKey(id: string): Promise<ApiKeyRecord | null>;
  market(id: string): Promise<Market | null>;
  user(id: string): Promise<User | null>;
}

export function createTradeReads(db: Knex): TradeReads {
  return {
    trade: createTickLoader((ids) => findTradesByIds(db, ids)),
    apiKey: createTickLoader((ids) => findApiKeysByIds(db, ids)),
    market: createTickLoader((ids) => findMarketsByIds(db, ids)),
    user: createTickLoader((ids) => findUsersByIds(db, ids)),
  };
}
