import { formatUsdcAmount } from '#shared/domain/trade-amount.js';
import type { TradeEventRecord } from '#shared/db/trade-events/trade-events.repository.js';
import type { WebhookDeliveryState } from '#shared/db/webhook-events/webhook-event-rows.js';
import type { TraceView, TradeView } from '../use-cases/trade-reads.use-case.js';

const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** components/schemas.yaml WebhookDelivery. */
export function presentWebhookDelivery(state: WebhookDeliveryState) {
  return {
    status: state.status,
    attempts: state.attempts,
    lastAttemptedAt: isoOrNull(state.lastAttemptedAt),
    lastStatusCode: state.lastStatusCode,
    lastFailureCode: state.lastFailureCode,
    terminalFailureAt: isoOrNull(state.terminalFailureAt),
  };
}

/** components/schemas.yaml Trade: every member present, nullable ones as null; big integers as decimal strings. */
export function presentTrade({ trade, webhookDelivery }: TradeView) {
  return {
    id: trade.id,
    marketId: trade.marketId,
    outcomeIndex: trade.outcomeIndex,
    amount: trade.amount,
    side: trade.side,
    status: trade.status,
    correlationId: trade.correlationId,
    clientRequestId: trade.clientRequestId,
    txHash: trade.txHash,
    tokensOut: trade.tokensOut === null ? null : trade.tokensOut.toString(),
    errorCode: trade.errorCode,
    errorMessage: trade.errorMessage,
    limitPrice: trade.limitPrice === null ? null : formatUsdcAmount(trade.limitPrice),
    expiresAt: isoOrNull(trade.executionDeadline),
    webhookDelivery: webhookDelivery === null ? null : presentWebhookDelivery(webhookDelivery),
    metadata: trade.metadata,
    createdAt: trade.createdAt.toISOString(),
    updatedAt: trade.updatedAt.toISOString(),
  };
}

function presentTraceEvent(event: TradeEventRecord) {
  return {
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    sequenceNumber: event.sequenceNumber,
    data: event.data,
  };
}

/** components/schemas.yaml Trace: the events in sequence order. */
export function presentTrace(trace: TraceView) {
  return { correlationId: trace.correlationId, events: trace.events.map(presentTraceEvent) };
}
