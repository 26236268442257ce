/*
 * GET /v1/trades: one keyset page of the caller's trades, newest first. A trade belongs to the user who placed it,
 * whichever of their keys asks (docs/decisions/0013); another user's trades are never read. Pages are keyset pages
 * on (created_at, id) descending, so trades placed during a walk (newer than every row already served) never shift
 * it. Each trade comes with its webhook delivery state (the page's deliveries in two queries).
 */
import type { Knex } from 'knex';
import { listTradesOfUser } from '#shared/db/trades/trade-lists.repository.js';
import type { TradeStatus } from '#shared/domain/trade-states.js';
import { webhookDeliveriesOfTrades } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import { keysetPage, resolvePageLimit, type KeysetPage, type KeysetPosition } from '#shared/domain/paging.js';
import type { TradeView } from './trade-reads.use-case.js';

export const TRADES_DEFAULT_LIMIT = 20;

export interface ListTradesCommand {
  userId: string;
  /** Only these statuses (in catalogue order, so the cursor is stable); absent or empty = every status. */
  statuses?: readonly TradeStatus[];
  marketId?: string;
  limit?: number;
  /** Continue after this trade (the previous page's `nextAfter`). */
  after?: KeysetPosition;
}

export async function listTrades(deps: { db: Knex }, command: ListTradesCommand): Promise<KeysetPage<TradeView>> {
  const limit = resolvePageLimit(command.limit, TRADES_DEFAULT_LIMIT);
  const position = command.after;
  const rows = await listTradesOfUser(deps.db, command.userId, {
    statuses: command.statuses,
    marketId: command.marketId,
    after: position && { createdAt: position.sortKey, id: position.id },
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (trade) => ({ sortKey: trade.createdAt, id: trade.id }));
  const deliveries = await webhookDeliveriesOfTrades(deps.db, page.items);
  return {
    ...page,
    items: page.items.map((trade, index) => ({ trade, webhookDelivery: deliveries[index] ?? null })),
  };
}
