/*
 * Redemption claims (migrations/20261122_0600_redemptions.ts). A claim is OPEN while pending or executing: it then
 * carries `open_claim_key` = `<user>:<market>:<outcome>`, whose UNIQUE index makes a second open claim of the same
 * position fail with a duplicate key (see isOpenClaimConflict); settling (completed | failed) clears the key.
 * Client reads take the owning user; the executor's reads take the id its job names. Every status change is a
 * conditional UPDATE naming the expected current status, so a redelivered job can never apply a step twice.
 */
import { newUuid } from '../../ids/ids.js';
import { toBigIntOrNull, toDate, toDateOrNull, toInt, toOneOf, toStringOrNull } from '../column-values.js';
import { isDuplicateKeyError } from '../mysql-errors.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';

export const redemptionStatuses = ['pending', 'executing', 'completed', 'failed'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];
/** Statuses of an open claim (it holds the position's open_claim_key). */
export const openRedemptionStatuses: readonly RedemptionStatus[] = ['pending', 'executing'];

export interface RedemptionRecord {
  id: string;
  userId: string;
  /** The key that asked for it; null for the executor's automatic payouts. */
  apiKeyId: string | null;
  marketId: string;
  outcomeIndex: number;
  status: RedemptionStatus;
  /** WAD-18 tokens redeemed (once completed). */
  tokens: bigint | null;
  /** USDC atomic paid to the smart account (once completed). */
  payout: bigint | null;
  txHash: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewRedemption {
  id?: string;
  userId: string;
  apiKeyId: string | null;
  marketId: string;
  outcomeIndex: number;
  createdAt?: Date;
}

/** Columns a transition may set along with the status. */
export interface RedemptionUpdate {
  tokens?: bigint;
  payout?: bigint;
  txHash?: string;
  errorCode?: string;
  errorMessage?: string;
  settledAt?: Date;
}

export interface OpenPosition {
  userId: string;
  marketId: string;
  outcomeIndex: number;
}

const OPEN_CLAIM_INDEX = 'redemptions_open_claim_unique';

export function openClaimKey(position: OpenPosition): string {
  return `${position.userId}:${position.marketId}:${position.outcomeIndex}`;
}

/** True when an insert failed because the position already has an open claim. */
export function isOpenClaimConflict(error: unknown): boolean {
  return isDuplicateKeyError(error, OPEN_CLAIM_INDEX);
}

function toRedemption(row: Row): RedemptionRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    apiKeyId: toStringOrNull(row.api_key_id),
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    status: toOneOf(redemptionStatuses, row.status, 'redemptions.status'),
    tokens: toBigIntOrNull(row.tokens),
    payout: toBigIntOrNull(row.payout),
    txHash: toStringOrNull(row.tx_hash),
    errorCode: toStringOrNull(row.error_code),
    errorMessage: toStringOrNull(row.error_message),
    settledAt: toDateOrNull(row.settled_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * Inserts an open (pending) claim. Rejects with a duplicate key (isOpenClaimConflict) when the position already
 * has one: inside a transaction the insert waits for a concurrent claim's commit, so exactly one of N wins.
 */
export async function insertOpenRedemption(db: Queryable, input: NewRedemption): Promise<RedemptionRecord> {
  const id = input.id ?? newUuid();
  await db('redemptions').insert({
    id,
    user_id: input.userId,
    api_key_id: input.apiKeyId,
    market_id: input.marketId,
    outcome_index: input.outcomeIndex,
    status: 'pending',
    open_claim_key: openClaimKey(input),
    ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
  });
  return readBack(await findRedemptionById(db, id), `redemption ${id}`);
}

/** The user's open claim of one position, if any. */
export async function findOpenRedemptionOfUser(
  db: Queryable,
  position: OpenPosition,
): Promise<RedemptionRecord | null> {
  const row: Row | undefined = await db('redemptions')
    .where({ open_claim_key: openClaimKey(position) })
    .first();
  return row ? toRedemption(row) : null;
}

/** The user's completed redemptions, optionally of one market, oldest first (what they paid: profit and loss). */
export async function listCompletedRedemptionsOfUser(
  db: Queryable,
  userId: string,
  marketId?: string,
): Promise<RedemptionRecord[]> {
  const builder = db('redemptions').where({ user_id: userId, status: 'completed' }).orderBy(['created_at', 'id']);
  if (marketId !== undefined) builder.where('market_id', marketId);
  const rows: Row[] = await builder;
  return rows.map(toRedemption);
}

/** A redemption by id alone, for the executor whose job names it. */
export async function findRedemptionById(db: Queryable, id: string): Promise<RedemptionRecord | null> {
  const row: Row | undefined = await db('redemptions').where({ id }).first();
  return row ? toRedemption(row) : null;
}

function updateColumns(to: RedemptionStatus, update: RedemptionUpdate): Row {
  const columns: Row = { status: to };
  // A settled claim frees its position: a later claim of the same position may open.
  if (!openRedemptionStatuses.includes(to)) columns.open_claim_key = null;
  if (update.tokens !== undefined) columns.tokens = update.tokens.toString();
  if (update.payout !== undefined) columns.payout = update.payout.toString();
  if (update.txHash !== undefined) columns.tx_hash = update.txHash;
  if (update.errorCode !== undefined) columns.error_code = update.errorCode.slice(0, 64);
  if (update.errorMessage !== undefined) columns.error_message = update.errorMessage.slice(0, 500);
  if (update.settledAt !== undefined) columns.settled_at = update.settledAt;
  return columns;
}

/**
 * Moves redemption `id` from `from` (one status or several) to `to`, setting `update` with it; leaving the open
 * statuses clears open_claim_key. True when this call made the change, false when the claim was not in `from`.
 */
export async function transitionRedemptionStatus(
  db: Queryable,
  id: string,
  from: RedemptionStatus | readonly RedemptionStatus[],
  to: RedemptionStatus,
  update: RedemptionUpdate = {},
): Promise<boolean> {
  const expected = typeof from === 'string' ? [from] : from;
  const changed = await db('redemptions').where({ id }).whereIn('status', expected).update(updateColumns(to, update));
  return Number(changed) === 1;
}

/** Open claims untouched since before `before` (a lost job or a worker that died mid-way), oldest first. */
export async function listStalledRedemptions(db: Queryable, before: Date, limit: number): Promise<RedemptionRecord[]> {
  const rows: Row[] = await db('redemptions')
    .whereIn('status', openRedemptionStatuses)
    .where('updated_at', '<', before)
    .orderBy('updated_at', 'asc')
    .limit(limit);
  return rows.map(toRedemption);
}

export interface AutoRedeemCandidate extends OpenPosition {
  /** The user's smart account (the indexed trader). */
  account: string;
  contractAddress: string;
}

export interface AutoRedeemQuery {
  chainId: number;
  /** Positions with this many failed claims are left to an operator. */
  maxFailedClaims: number;
  limit: number;
}

/**
 * Positions the executor may pay automatically: on markets of `chainId` that are CANCELLED (every outcome) or
 * RESOLVED (winning outcomes only), held by a user's smart account according to the indexed trades (tokens bought
 * minus tokens sold above zero), with no open or completed claim and fewer than `maxFailedClaims` failed ones.
 */
export async function listAutoRedeemCandidates(db: Queryable, query: AutoRedeemQuery): Promise<AutoRedeemCandidate[]> {
  const samePosition = 'r.user_id = u.id AND r.market_id = t.market_id AND r.outcome_index = t.outcome_index';
  const rows: Row[] = await db('market_trades as t')
    .join('markets as m', 'm.id', 't.market_id')
    .join('users as u', 'u.smart_account_address', 't.trader')
    .select('u.id as user_id', 'u.smart_account_address', 't.market_id', 't.outcome_index', 'm.contract_address')
    .where('m.chain_id', query.chainId)
    .whereNotNull('m.contract_address')
    .where((settled) => {
      void settled.where('m.status', 'CANCELLED').orWhere((resolved) => {
        void resolved
          .where('m.status', 'RESOLVED')
          .whereRaw('JSON_CONTAINS(COALESCE(m.winning_outcomes, ?), CAST(t.outcome_index AS CHAR))', ['[]']);
      });
    })
    .whereNotExists((claims) => {
      void claims.select(db.raw('1')).from('redemptions as r').whereRaw(samePosition).whereNot('r.status', 'failed');
    })
    .whereRaw(`(SELECT COUNT(*) FROM redemptions r WHERE ${samePosition} AND r.status = 'failed') < ?`, [
      query.maxFailedClaims,
    ])
    .groupBy('u.id', 'u.smart_account_address', 't.market_id', 't.outcome_index', 'm.contract_address')
    .havingRaw("SUM(CASE WHEN t.side = 'buy' THEN t.tokens ELSE -t.tokens END) > 0")
    .orderBy([
      { column: 't.market_id', order: 'asc' },
      { column: 'u.id', order: 'asc' },
      { column: 't.outcome_index', order: 'asc' },
    ])
    .limit(query.limit);
  return rows.map((row) => ({
    userId: String(row.user_id),
    account: String(row.smart_account_address),
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    contractAddress: String(row.contract_address),
  }));
}
