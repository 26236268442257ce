/*
 * Row <-> domain mapping of the trades table for its repository (this folder): the TradeRecord a row reads as, and
 * the columns a status transition writes. No knex here.
 */
import type { Hex } from 'viem';
import { tradeSides, tradeStatuses, type TradeSide, type TradeStatus } from '../../domain/trade-states.js';
import {
  toBigInt,
  toBigIntOrNull,
  toDate,
  toDateOrNull,
  toHexOrNull,
  toInt,
  toOneOf,
  toStringOrNull,
} from '../column-values.js';
import { parseJsonColumn, type Row } from '../transaction.js';
import { parseUsdcAmount } from '../../domain/trade-amount.js';

export interface TradeRecord {
  id: string;
  apiKeyId: string;
  userId: string;
  marketId: string;
  outcomeIndex: number;
  side: TradeSide;
  /** The canonical wire decimal string (whole USDC). */
  amount: string;
  amountAtomic: bigint;
  status: TradeStatus;
  correlationId: string;
  clientRequestId: string | null;
  txHash: Hex | null;
  /** WAD-18: outcome tokens bought (buy) or sold (sell). */
  tokensOut: bigint | null;
  errorCode: string | null;
  errorMessage: string | null;
  metadata: Record<string, string>;
  /** HMAC of the one-time confirmation token (high-value trades); never the token itself. */
  confirmationTokenHash: string | null;
  confirmationExpiresAt: Date | null;
  confirmationUsedAt: Date | null;
  /** After this instant its on-chain call is refused (set when it is first sent; null before). */
  executionDeadline: Date | null;
  idempotencyKey: string | null;
  /** SHA-256 of the body identity (domain/trade-identity.ts). */
  requestHash: string;
  /** The client's limitPrice in USDC atomic per outcome token (1 … 999 999, i.e. 0.000001 … 0.999999); null without. */
  limitPrice: bigint | null;
  /** The sandbox simulation it was placed with (`X-Service-Simulate`, canonical form); null when organic. */
  simulation: string | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewTrade = Pick<
  TradeRecord,
  'apiKeyId' | 'userId' | 'marketId' | 'outcomeIndex' | 'side' | 'amount' | 'amountAtomic' | 'requestHash'
> &
  Partial<
    Pick<
      TradeRecord,
      | 'id'
      | 'status'
      | 'correlationId'
      | 'clientRequestId'
      | 'metadata'
      | 'confirmationTokenHash'
      | 'confirmationExpiresAt'
      | 'idempotencyKey'
      | 'simulation'
      | 'createdAt'
      | 'executionDeadline'
      | 'limitPrice'
    >
  >;

/** Columns a transition may set along with the status. */
export interface TradeUpdate {
  txHash?: string | null;
  tokensOut?: bigint | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  confirmationUsedAt?: Date;
  executionDeadline?: Date;
  finishedAt?: Date;
}

/** A trades row as the domain reads it. */
export function toTrade(row: Row): TradeRecord {
  return {
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    userId: String(row.user_id),
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    side: toOneOf(tradeSides, row.side, 'trades.side'),
    amount: String(row.amount),
    amountAtomic: toBigInt(row.amount_atomic),
    status: toOneOf(tradeStatuses, row.status, 'trades.status'),
    correlationId: String(row.correlation_id),
    clientRequestId: toStringOrNull(row.client_request_id),
    txHash: toHexOrNull(row.tx_hash, 'trades.tx_hash'),
    tokensOut: toBigIntOrNull(row.tokens_out),
    errorCode: toStringOrNull(row.error_code),
    errorMessage: toStringOrNull(row.error_message),
    metadata: parseJsonColumn<Record<string, string>>(row.metadata),
    confirmationTokenHash: toStringOrNull(row.confirmation_token_hash),
    confirmationExpiresAt: toDateOrNull(row.confirmation_expires_at),
    confirmationUsedAt: toDateOrNull(row.confirmation_used_at),
    executionDeadline: toDateOrNull(row.execution_deadline),
    idempotencyKey: toStringOrNull(row.idempotency_key),
    requestHash: String(row.request_hash),
    limitPrice: row.limit_price == null ? null : parseUsdcAmount(String(row.limit_price), 'trades.limit_price'),
    simulation: toStringOrNull(row.simulation),
    finishedAt: toDateOrNull(row.finished_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * The trade after a move of `before` to `to` with `update`, as a read would give it (the status and the updated
 * columns; updatedAt the move's time). Valid only when `before` is the row as the move found it.
 */
export function movedTrade(before: TradeRecord, to: TradeStatus, update: TradeUpdate, at: Date): TradeRecord {
  const moved: TradeRecord = { ...before, status: to, updatedAt: at };
  if (update.txHash !== undefined) moved.txHash = toHexOrNull(update.txHash, 'trades.tx_hash');
  if (update.tokensOut !== undefined) moved.tokensOut = update.tokensOut;
  if (update.errorCode !== undefined) moved.errorCode = update.errorCode;
  if (update.errorMessage !== undefined) moved.errorMessage = update.errorMessage?.slice(0, 500) ?? null;
  if (update.confirmationUsedAt !== undefined) moved.confirmationUsedAt = update.confirmationUsedAt;
  if (update.executionDeadline !== undefined) moved.executionDeadline = update.executionDeadline;
  if (update.finishedAt !== undefined) moved.finishedAt = update.finishedAt;
  return moved;
}

/** The columns a transition sets along with the status; an error message is cut to 500 characters. */
export function toTradeUpdateColumns(update: TradeUpdate): Row {
  const columns: Row = {};
  if (update.txHash !== undefined) columns.tx_hash = update.txHash;
  if (update.tokensOut !== undefined) columns.tokens_out = update.tokensOut?.toString() ?? null;
  if (update.errorCode !== undefined) columns.error_code = update.errorCode;
  if (update.errorMessage !== undefined) columns.error_message = update.errorMessage?.slice(0, 500) ?? null;
  if (update.confirmationUsedAt !== undefined) columns.confirmation_used_at = update.confirmationUsedAt;
  if (update.executionDeadline !== undefined) columns.execution_deadline = update.executionDeadline;
  if (update.finishedAt !== undefined) columns.finished_at = update.finishedAt;
  return columns;
}
