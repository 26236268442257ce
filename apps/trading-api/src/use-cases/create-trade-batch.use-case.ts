/*
 * POST /v1/trades/batch (issue 31, decision 0042): 1 to 20 create-trade requests, each checked and created exactly as
 * POST /v1/trades would (create-trade.use-case.ts), in order, all in one transaction under the user's row lock, so
 * each item sees the trades before it (caps, funds in flight) and the trades and their jobs commit, and reach the
 * executor, together. An item's refusal (4xx) is its result and the batch goes on; a failure of the batch itself
 * (5xx: the database, the chain away) rolls every item back and is the answer.
 *
 * An Idempotency-Key covers the whole batch: its record keeps each item's trade id or refusal, and a replay within 24 h
 * answers them again (the trades in their current state). Another batch under the key, or a key a single trade
 * owns, is 409 IDEMPOTENCY_KEY_CONFLICT.
 */
import { createHash } from 'node:crypto';
import {
  deleteExpiredIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  type IdempotencyKeyRecord,
} from '../db/idempotency-keys/idempotency-keys.repository.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { findTradeById } from '#shared/db/trades/trades.repository.js';
import { lockUserForTrading } from '#shared/db/users/users.repository.js';
import type { Queryable } from '#shared/db/transaction.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import { isErrorCode } from '#shared/errors/error-catalogue.js';
import { createdOutcome, keyOwnedByAnotherRoute, type TradeWriteOutcome } from '../trades/trade-replay.js';
import {
  chainForTrading,
  createTradeInTransaction,
  IDEMPOTENCY_KEY_TTL_MS,
  prepareTrade,
  type CreateTradeCommand,
  type CreateTradeDeps,
  type PreparedTrade,
} from './create-trade.use-case.js';

export const MAX_BATCH_TRADES = 20;
const ROUTE = 'POST /v1/trades/batch';

/** One item as the handler read it: a create-trade command, or the 400 of a body that is not one. */
export type BatchItem = { command: CreateTradeCommand } | { refusal: AppError; body: unknown };

/** An item's answer: the trade written (or replayed), or why it was refused. */
export type BatchItemResult = { outcome: TradeWriteOutcome } | { refusal: AppError };

export interface CreateTradeBatchCommand {
  key: ApiKeyRecord;
  items: readonly BatchItem[];
  idempotencyKey?: string;
  now: Date;
}

export interface TradeBatchOutcome {
  results: BatchItemResult[];
  /** A replay of an earlier batch under the same Idempotency-Key. */
  idempotent: boolean;
}

type PreparedItem = { prepared: PreparedTrade } | { refusal: AppError; identity: string };

/** What the key's record keeps of each item. */
type StoredItem = { tradeId: string } | { code: string; detail: string; extensions: Record<string, unknown> };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The item parsed and hashed like a single request; a refusal keeps a hash of its body as its identity. */
function prepareItem(item: BatchItem): PreparedItem {
  if ('refusal' in item) return { refusal: item.refusal, identity: sha256(JSON.stringify(item.body) ?? '') };
  try {
    return { prepared: prepareTrade(item.command) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const { key: _key, now: _now, ...body } = item.command;
    return { refusal: error, identity: sha256(JSON.stringify(body)) };
  }
}

/** The batch's identity: its items' identities, in order. */
const batchHash = (items: readonly PreparedItem[]): string =>
  sha256(JSON.stringify(items.map((item) => ('prepared' in item ? item.prepared.requestHash : item.identity))));

export async function createTradeBatch(
  deps: CreateTradeDeps,
  command: CreateTradeBatchCommand,
): Promise<TradeBatchOutcome> {
  const items = command.items.map(prepareItem);
  const requestHash = batchHash(items);
  // Before the transaction, as for one trade: no connection or lock waits on the chain.
  const chain = await chainForTrading(deps);
  return deps.outbox(async (trx, enqueue) => {
    const user = await lockUserForTrading(trx, command.key.userId);
    if (!user) throw new AppError('RESOURCE_NOT_FOUND', { detail: 'The key’s user no longer exists.' });
    const record = command.idempotencyKey
      ? await findIdempotencyKey(trx, command.key.id, command.idempotencyKey)
      : null;
    if (record && record.expiresAt > command.now) return replayBatch(trx, deps, record, requestHash);

    const results: BatchItemResult[] = [];
    for (const item of items) {
      if ('refusal' in item) {
        results.push({ refusal: item.refusal });
        continue;
      }
      try {
        results.push({ outcome: await createTradeInTransaction({ trx, enqueue }, deps, item.prepared, chain) });
      } catch (error) {
        // A refusal writes nothing (createTradeInTransaction checks before it writes); anything else ends the batch.
        if (!isAppError(error) || error.status >= 500) throw error;
        results.push({ refusal: error });
      }
    }
    if (command.idempotencyKey) {
      if (record) await deleteExpiredIdempotencyKey(trx, command.key.id, command.idempotencyKey, command.now);
      await insertIdempotencyKey(trx, {
        apiKeyId: command.key.id,
        key: command.idempotencyKey,
        route: ROUTE,
        requestHash,
        responseStatus: 200,
        tradeId: null,
        responseBody: { items: results.map(storedItemOf) },
        createdAt: command.now,
        expiresAt: new Date(command.now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
    }
    return { results, idempotent: false };
  });
}

function storedItemOf(result: BatchItemResult): StoredItem {
  if ('outcome' in result) return { tradeId: result.outcome.trade.id };
  const { code, detail, extensions } = result.refusal;
  return { code, detail, extensions };
}

/** The answer of the batch that owns `record`: each item's trade as it is now, or its refusal. */
async function replayBatch(
  db: Queryable,
  deps: CreateTradeDeps,
  record: IdempotencyKeyRecord,
  requestHash: string,
): Promise<TradeBatchOutcome> {
  if (record.route !== ROUTE) throw keyOwnedByAnotherRoute(record.route);
  if (record.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_CONFLICT', {
      detail: 'This Idempotency-Key was already used for another batch.',
      extensions: { field: 'Idempotency-Key' },
    });
  }
  const results = await Promise.all(storedItems(record).map((item) => replayItem(db, deps, item)));
  return { results, idempotent: true };
}

async function replayItem(db: Queryable, deps: CreateTradeDeps, item: StoredItem): Promise<BatchItemResult> {
  if (!('tradeId' in item)) {
    const code = isErrorCode(item.code) ? item.code : 'INTERNAL_ERROR';
    return { refusal: new AppError(code, { detail: item.detail, extensions: item.extensions }) };
  }
  const trade = await findTradeById(db, item.tradeId);
  if (!trade) throw new AppError('INTERNAL_ERROR', { detail: `Trade ${item.tradeId} of a stored batch is gone.` });
  return { outcome: createdOutcome(trade, deps.confirmationKeys, true) };
}

function storedItems(record: IdempotencyKeyRecord): StoredItem[] {
  const body = record.responseBody;
  if (typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items)) {
    // cast: the batch route alone writes this record's body, as { items: StoredItem[] } (storedItemOf).
    return body.items as StoredItem[];
  }
  throw new AppError('INTERNAL_ERROR', { detail: 'A stored batch answer is unreadable.' });
}
