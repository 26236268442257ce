/**
 * Webhook event envelopes of the trade lifecycle (spec/trading-api.md "Events", DESIGN.md §6): `{id, type,
 * apiVersion, createdAt, data}` with the members each type carries. Built once at emission and stored as delivered,
 * so retries and streams send the same bytes. Never carries the confirmation token.
 */
import { CURRENT_API_VERSION } from '../domain/api-version.js';
import type { TradeRecord } from '../db/trades/trade-rows.js';
import { prefixedId } from '../ids/ids.js';

export const tradeEventTypes = [
  'trade.confirmation-required',
  'trade.completed',
  'trade.failed',
  'trade.rejected',
] as const;
export type TradeEventType = (typeof tradeEventTypes)[number];

export interface TradeEventEnvelope {
  id: string;
  type: TradeEventType;
  apiVersion: string;
  createdAt: string;
  data: Record<string, unknown>;
}

function typeSpecificData(type: TradeEventType, trade: TradeRecord): Record<string, unknown> {
  switch (type) {
    case 'trade.confirmation-required':
      return { confirmationExpiresAt: trade.confirmationExpiresAt?.toISOString() ?? null };
    case 'trade.completed':
      return { txHash: trade.txHash, tokensOut: trade.tokensOut?.toString() ?? '0' };
    case 'trade.failed':
    case 'trade.rejected':
      return { errorCode: trade.errorCode ?? 'INTERNAL_ERROR', errorMessage: trade.errorMessage ?? '' };
  }
}

/** The envelope of `type` about `trade` in its current state, with a fresh sortable `evt_` id. */
export function buildTradeEventEnvelope(type: TradeEventType, trade: TradeRecord, now: Date): TradeEventEnvelope {
  return {
    id: prefixedId('evt', now.getTime()),
    type,
    apiVersion: CURRENT_API_VERSION,
    createdAt: now.toISOString(),
    data: {
      tradeId: trade.id,
      marketId: trade.marketId,
      outcomeIndex: trade.outcomeIndex,
      amount: trade.amount,
      side: trade.side,
      status: trade.status,
      metadata: trade.metadata,
      ...typeSpecificData(type, trade),
    },
  };
}
