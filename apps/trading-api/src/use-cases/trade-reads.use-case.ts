/*
 * A caller's own trades: GET /v1/trades/{id}, GET /v1/traces/{correlationId}, and the ownership check of the routes
 * that act on one. A resource belongs to the user behind the key that created it, whichever of
 * their keys asks; another user's answers exactly like a missing one (404 RESOURCE_NOT_FOUND, never 403), so ids
 * cannot be probed (docs/decisions/0013).
 */
import type { Knex } from 'knex';
import { findTradeByCorrelationOfUser, findTradeOfUser } from '#shared/db/trades/trades.repository.js';
import { listTradeEvents, type TradeEventRecord } from '#shared/db/trade-events/trade-events.repository.js';
import { webhookDeliveryOfTrade } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { type WebhookDeliveryState } from '#shared/db/webhook-events/webhook-event-rows.js';
import { AppError } from '#shared/errors/app-error.js';

export interface TradeView {
  trade: TradeRecord;
  webhookDelivery: WebhookDeliveryState | null;
}

export interface TraceView {
  correlationId: string;
  events: TradeEventRecord[];
}

const notFound = (what: string): AppError => new AppError('RESOURCE_NOT_FOUND', { detail: `No ${what}.` });

/** The trade when the user placed it; 404 otherwise. */
export async function requireOwnTrade(
  deps: { db: Knex },
  command: { tradeId: string; userId: string },
): Promise<TradeRecord> {
  const trade = await findTradeOfUser(deps.db, command.tradeId, command.userId);
  if (!trade) throw notFound(`trade ${command.tradeId}`);
  return trade;
}

/** A trade with the delivery state of its newest webhook event. */
export async function getTradeView(deps: { db: Knex }, trade: TradeRecord): Promise<TradeView> {
  return { trade, webhookDelivery: await webhookDeliveryOfTrade(deps.db, trade) };
}

export async function getTrade(deps: { db: Knex }, command: { tradeId: string; userId: string }): Promise<TradeView> {
  return getTradeView(deps, await requireOwnTrade(deps, command));
}

export async function getTrace(
  deps: { db: Knex },
  command: { correlationId: string; userId: string },
): Promise<TraceView> {
  const trade = await findTradeByCorrelationOfUser(deps.db, command.correlationId, command.userId);
  if (!trade) throw notFound(`trace ${command.correlationId}`);
  return { correlationId: trade.correlationId, events: await listTradeEvents(deps.db, trade.correlationId) };
}
