/* Trade lifecycle events as the webhooks deliver them and GET /v1/events/stream sends them (the same envelopes). */
import type { components } from './generated/trading-api.js';

type Schemas = components['schemas'];

export type TradeEventType = 'trade.confirmation-required' | 'trade.completed' | 'trade.failed' | 'trade.rejected';

/** `data` of an event: the trade's members, plus what its type adds. */
export type TradeEventData = Schemas['EventTradeData'] & {
  /** trade.confirmation-required */
  confirmationExpiresAt?: string;
  /** trade.completed */
  txHash?: string;
  tokensOut?: string;
  /** trade.failed, trade.rejected */
  errorCode?: string;
  errorMessage?: string;
};

export interface TradeEvent {
  /** `evt_…`, stable across deliveries: dedupe on it. */
  id: string;
  type: TradeEventType;
  apiVersion: string;
  createdAt: string;
  data: TradeEventData;
}

/** One event of the stream. */
export interface StreamedEvent {
  /** The SSE id: the key's event sequence number (resume after it with `after`). */
  id: string;
  type: TradeEventType;
  event: TradeEvent;
}
