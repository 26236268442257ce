/*
 * The rows a trade job reads before it moves the trade (the trade, its key for the policy, its market and user for
 * the target), each a fresh read: a new job reads all four in one joined query (`job`), the other paths one table at
 * a time. The lookups of jobs that start in the same turn share one query (#shared/db tick-loader.ts), which is what
 * a burst of deliveries is.
 */
import {
  createTickLoader,
  findApiKeysByIds,
  findMarketsByIds,
  findTradeJobRowsByIds,
  findTradesByIds,
  findUsersByIds,
  type ApiKeyRecord,
  type Knex,
  type Market,
  type TradeJobRows,
  type TradeRecord,
  type User,
} from '#shared/db/index.js';

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
