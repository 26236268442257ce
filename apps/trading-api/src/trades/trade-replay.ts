/*
 * Idempotent replays of POST /v1/trades (spec/trading-api.md "Idempotency", DESIGN.md §6): the same body under the
 * same Idempotency-Key or clientRequestId returns the original trade with `_meta.idempotent: true`: 201 for an
 * immediate trade; 202 with the same token while a high-value trade awaits confirmation; 200 after it. Another
 * body is 409 IDEMPOTENCY_KEY_CONFLICT.
 */
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { issuedConfirmationToken, type ConfirmationKeys } from '../domain/confirmation-token.js';

/**
 * What a trade write did: `created` (the trade is pending), `awaiting_confirmation` (a high-value trade waits for its
 * token) or `confirmed` (a replay of a high-value trade past its confirmation: confirmed, or cancelled before it,
 * which its status tells). The handler answers 201, 202 and 200 respectively.
 */
export type TradeWriteKind = 'created' | 'awaiting_confirmation' | 'confirmed';

export interface TradeWriteOutcome {
  trade: TradeRecord;
  kind: TradeWriteKind;
  idempotent: boolean;
  confirmation: { token: string; expiresAt: Date } | null;
}

/** The outcome of a new trade (or its replay): awaiting confirmation with its token, else created or confirmed. */
export function createdOutcome(trade: TradeRecord, keys: ConfirmationKeys, idempotent = false): TradeWriteOutcome {
  if (trade.status === 'pending_confirmation' && trade.confirmationExpiresAt) {
    const token = issuedConfirmationToken(keys, trade.id, trade.confirmationTokenHash);
    const confirmation = { token, expiresAt: trade.confirmationExpiresAt };
    return { trade, kind: 'awaiting_confirmation', idempotent, confirmation };
  }
  const wasHighValue = trade.confirmationTokenHash !== null;
  return { trade, kind: wasHighValue && idempotent ? 'confirmed' : 'created', idempotent, confirmation: null };
}

/**
 * The replay of `existing` for a request whose body identity is `requestHash` and whose sandbox simulation
 * (X-Service-Simulate, canonical form, null without) is `simulation`: another outcome asked for is another request.
 */
export function replayOutcome(
  existing: TradeRecord,
  request: { requestHash: string; simulation: string | null },
  keys: ConfirmationKeys,
  via: 'Idempotency-Key' | 'clientRequestId',
): TradeWriteOutcome {
  if (existing.requestHash !== request.requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_CONFLICT', {
      detail: `This ${via} was already used for trade ${existing.id} with a different body.`,
      extensions: { tradeId: existing.id, field: via },
    });
  }
  if (existing.simulation !== request.simulation) {
    throw new AppError('IDEMPOTENCY_KEY_CONFLICT', {
      detail: `This ${via} was already used for trade ${existing.id} with another X-Service-Simulate value.`,
      extensions: { tradeId: existing.id, field: via },
    });
  }
  return createdOutcome(existing, keys, true);
}

/** 409 for an Idempotency-Key that a request to another route (a batch, or a single trade) owns. */
export const keyOwnedByAnotherRoute = (route: string): AppError =>
  new AppError('IDEMPOTENCY_KEY_CONFLICT', {
    detail: `This Idempotency-Key was already used for ${route}.`,
    extensions: { field: 'Idempotency-Key' },
  });
