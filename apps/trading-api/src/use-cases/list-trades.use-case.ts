/*
 * GET /v1/trades: one keyset page of the caller's trades, newest first. A trade belongs to the user who placed it,
 * whichever of their keys asks (docs/decisions/0013); another user's trades are never read. Pages are keyset pages
 * on (created_at, id) descending, so trades placed during a walk (newer than every row already served) never shift
 * it. Transport-free: the handler turns the cursor into `after` and `next` back into a cursor.
 */
import type { Knex } from 'knex';
import {
  listTradesOfUser,
  webhookDeliveryOfTrade,
  type TradeRecord,
  type TradeStatus,
} from '../../../../shared/src/db/index.js';
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
  return {
    items: await withDeliveries(deps.db, trades),
    hasMore,
    next: hasMore && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

/**
 * Each trade with the delivery state of its newest webhook event. One lookup per trade (at most a page, 100), run
 * together; a batch read of the page's newest events belongs in webhook-events.repository.ts.
 */
async function withDeliveries(db: Knex, trades: TradeRecord[]): Promise<TradeView[]> {
  const deliveries = await Promise.all(trades.map((trade) => webhookDeliveryOfTrade(db, trade)));
  return trades.map((trade, index) => ({ trade, webhookDelivery: deliveries[index] ?? null }));
}
