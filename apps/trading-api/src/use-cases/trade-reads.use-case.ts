/*
 * Reads of a caller's own trades: GET /v1/trades/{id} and GET /v1/traces/{correlationId}. A trade belongs to the user
 * who placed it, whichever of their keys asks; another user's trade answers exactly like a missing one (404
 * RESOURCE_NOT_FOUND, never 403), so ids cannot be probed.
 */
import type { Knex } from 'knex';
import {
  findTradeByCorrelationOfUser,
  findTradeOfUser,
  listTradeEvents,
  webhookDeliveryOfTrade,
  type TradeEventRecord,
  type TradeRecord,
  type WebhookDeliveryState,
} from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';

export interface TradeView {
  trade: TradeRecord;
  webhookDelivery: WebhookDeliveryState | null;
}

export interface TraceView {
  correlationId: string;
  events: TradeEventRecord[];
}

export async function getTrade(deps: { db: Knex }, command: { tradeId: string; userId: string }): Promise<TradeView> {
  const trade = await findTradeOfUser(deps.db, command.tradeId, command.userId);
  if (!trade) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No trade ${command.tradeId}.` });
  return { trade, webhookDelivery: await webhookDeliveryOfTrade(deps.db, trade) };
}

export async function getTrace(
  deps: { db: Knex },
  command: { correlationId: string; userId: string },
): Promise<TraceView> {
  const trade = await findTradeByCorrelationOfUser(deps.db, command.correlationId, command.userId);
  if (!trade) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No trace ${command.correlationId}.` });
  return { correlationId: trade.correlationId, events: await listTradeEvents(deps.db, trade.correlationId) };
}
