/*
 * The executor's read of trades it is about to execute: each trade with its key (policy, simulation gate), its
 * market and its user (where it executes), in one round trip instead of four. Each table's part of the joined row is
 * read by that table's own row mapper, so the records are exactly what the per-table lookups return.
 */
import { toApiKey, type ApiKeyRecord } from '#shared/db/repositories/api-keys.repository.js';
import { toMarket, type Market } from '#shared/db/repositories/markets.repository.js';
import { toTrade, type TradeRecord } from '#shared/db/repositories/trades.rows.js';
import { toUser, type User } from '#shared/db/repositories/users.repository.js';
import type { Queryable } from '#shared/db/transaction.js';

export interface TradeJobRows {
  trade: TradeRecord;
  /** Null when the row no longer exists. */
  apiKey: ApiKeyRecord | null;
  market: Market | null;
  user: User | null;
}

type Row = Record<string, unknown>;
/** mysql2's nestTables: one object of columns per table alias. */
type NestedRow = Record<'t' | 'k' | 'm' | 'u', Row>;

/** The rows of the trades among `ids` that exist, by trade id. */
export async function findTradeJobRowsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, TradeJobRows>> {
  if (ids.length === 0) return new Map();
  const rows: NestedRow[] = await db({ t: 'trades' })
    .leftJoin({ k: 'api_keys' }, 'k.id', 't.api_key_id')
    .leftJoin({ m: 'markets' }, 'm.id', 't.market_id')
    .leftJoin({ u: 'users' }, 'u.id', 't.user_id')
    .whereIn('t.id', ids)
    .select('t.*', 'k.*', 'm.*', 'u.*')
    .options({ nestTables: true });
  // A LEFT JOIN without a match gives that table's columns all NULL.
  const present = (row: Row): boolean => row.id !== null && row.id !== undefined;
  return new Map(
    rows.map((row) => [
      String(row.t.id),
      {
        trade: toTrade(row.t),
        apiKey: present(row.k) ? toApiKey(row.k) : null,
        market: present(row.m) ? toMarket(row.m) : null,
        user: present(row.u) ? toUser(row.u) : null,
      },
    ]),
  );
}
