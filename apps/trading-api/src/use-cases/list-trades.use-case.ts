/*
 * GET /v1/trades: one keyset page of the caller's trades, newest first. A trade belongs to the user who placed it,
 * whichever of their keys asks (docs/decisions/0013); another user's trades are never read. Pages are keyset pages
 * on (created_at, id) descending, so trades placed during a walk (newer than every row already served) never shift
 * it. Transport-free: the handler turns the cursor into `after` and `next` back into a cursor.
 */
import type { Knex } from 'knex';
import { listTradesOfUser, webhookDeliveriesOfTrades, type TradeStatus } from '../../../../shared/src/db/index.js';
import type { TradeView } from './trade-reads.use-case.js';

/** Where a page ends: the walk continues strictly after this trade. */
export interface TradePosition {
  createdAt: Date;
  id: string;
}

export interface ListTradesCommand {
  userId: string;
  /** Only these statuses; absent or empty = every status. */
  statuses?: readonly TradeStatus[];
  marketId?: string;
  /** Page size as applied (the caller clamps it). */
  limit: number;
  after?: TradePosition;
}

export interface TradePage {
  items: TradeView[];
  hasMore: boolean;
  /** The position of the page's last trade when more follow, else null. */
  next: TradePosition | null;
}

export async function listTrades(deps: { db: Knex }, command: ListTradesCommand): Promise<TradePage> {
  const rows = await listTradesOfUser(deps.db, command.userId, {
    statuses: command.statuses,
    marketId: command.marketId,
    after: command.after,
    limit: command.limit + 1,
  });
  const hasMore = rows.length > command.limit;
  const trades = hasMore ? rows.slice(0, command.limit) : rows;
  const last = trades[trades.length - 1];
  const deliveries = await webhookDeliveriesOfTrades(deps.db, trades);
  return {
    items: trades.map((trade, index) => ({ trade, webhookDelivery: deliveries[index] ?? null })),
    hasMore,
    next: hasMore && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
