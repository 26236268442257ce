/*
 * The rows a trade job reads before it moves the trade (the trade, its key for the policy, its market and user for
 * the target), each a fresh read: a new job reads all four in one joined query (`job`), the other paths one table at
 * a time. The lookups of jobs that start in the same turn share one query (#shared/db tick-loader.ts), which is what
 * a burst of deliveries is.
 */
import { createTickLoader } from './tick-loader.js';
import { findApiKeysByIds } from '#shared/db/api-keys/api-keys.repository.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { findMarketsByIds } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { findTradeJobRowsByIds, type TradeJobRows, findTradesByIds } from '#shared/db/trades/trade-lists.repository.js';
import { findUsersByIds, type User } from '#shared/db/users/users.repository.js';
import { type Knex } from '#shared/db/create-knex.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';

export interface TradeReads {
  /** The trade with its key, market and user. */
  job(id: string): Promise<TradeJobRows | null>;
  trade(id: string): Promise<TradeRecord | null>;
  apiKey(id: string): Promise<ApiKeyRecord | null>;
  market(id: string): Promise<Market | null>;
  user(id: string): Promise<User | null>;
}

export function createTradeReads(db: Knex): TradeReads {
  return {
    job: createTickLoader((ids) => findTradeJobRowsByIds(db, ids)),
    trade: createTickLoader((ids) => findTradesByIds(db, ids)),
    apiKey: createTickLoader((ids) => findApiKeysByIds(db, ids)),
    market: createTickLoader((ids) => findMarketsByIds(db, ids)),
    user: createTickLoader((ids) => findUsersByIds(db, ids)),
  };
}
