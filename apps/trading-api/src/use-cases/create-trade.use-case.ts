/*
 * POST /v1/trades (spec/trading-api.md "Trades", "Idempotency", "Limits"; DESIGN.md §6). Under the user's row
 * lock, so a user's concurrent trades queue: replays an Idempotency-Key or clientRequestId seen before, else
 * validates the market, checks the key's caps and the account's funds, and writes the trade, its first trace
 * steps, its event and its outbox message in one transaction. Below the key's high-value threshold the trade is
 * `pending` and queued for the executor (201); at or above it, `pending_confirmation` with a one-time token (202).
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import {
  deleteExpiredIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  type IdempotencyKeyRecord,
} from '../db/idempotency-keys/idempotency-keys.repository.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { findTradeById, findTradeOfKeyByClientRequestId, insertTrade } from '#shared/db/trades/trades.repository.js';
import { sumTradeExposure } from '#shared/db/trades/trade-lists.repository.js';
import { lockUserForTrading } from '#shared/db/users/users.repository.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { type Queryable } from '#shared/db/transaction.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { DAILY_WINDOW_MS, effectiveTradeLimits, exceededCap, needsConfirmation } from '../domain/trade-limits.js';
import { formatTradeSimulation, type TradeSimulation } from '#shared/domain/trade-simulation.js';
import { formatUsdcAmount, parseUsdcAmount } from '#shared/domain/trade-amount.js';
import { marketNotTradeable, outcomeOutOfRange } from '#shared/domain/market-rules.js';
import { tradeIdentityHash } from '../domain/trade-identity.js';
import { assertExpiresAt, parseLimitPrice } from '../domain/trade-options.js';
import { type TradeSide } from '#shared/domain/trade-states.js';
import { AppError } from '#shared/errors/app-error.js';
import { newUuid } from '#shared/ids/ids.js';
import type { EnqueueOutboxMessage, OutboxTransaction } from '#shared/messaging/outbox.js';
import {
  recordTradeStep,
  timelineStepsOf,
  traceSteps,
  type TradeStepRecord,
} from '#shared/trade-lifecycle/trade-steps.js';
import { issueConfirmationToken, type ConfirmationKeys } from '../domain/confirmation-token.js';
import { assertFundsCover, platformUsdc } from '../trades/trade-funds.js';
import {
  createdOutcome,
  keyOwnedByAnotherRoute,
  replayOutcome,
  type TradeWriteOutcome,
} from '../trades/trade-replay.js';
import { requireChain, type ChainSource } from './chain-source.js';

export interface CreateTradeCommand {
  key: ApiKeyRecord;
  marketId: string;
  outcomeIndex: number;
  amount: string;
  side: TradeSide;
  clientRequestId?: string;
  metadata?: Record<string, string>;
  idempotencyKey?: string;
  /** X-Service-Simulate (test environment only; the handler checked it may be used). */
  simulation?: TradeSimulation;
  /** The client's execution deadline (issue 31), instead of the server's default. */
  expiresAt?: Date;
  /** The client's price limit (issue 31): a decimal string of USDC per outcome token, strictly between 0 and 1. */
  limitPrice?: string;
  now: Date;
}

export interface CreateTradeDeps {
  db: Knex;
  outbox: OutboxTransaction;
  chain?: ChainSource;
  confirmationKeys: ConfirmationKeys;
}

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const ROUTE = 'POST /v1/trades';

/** The market when trades may be placed on it: 422 not tradeable, 400 outcome out of range. */
function assertTradeable(
  market: Market,
  context: { outcomeIndex: number; chainId: number; now: Date },
): Market & { contractAddress: string } {
  const refusal = marketNotTradeable(market, context) ?? outcomeOutOfRange(market, context.outcomeIndex);
  if (refusal) throw refusal;
  // cast: marketNotTradeable refuses (throws above) a market without a contract.
  return { ...market, contractAddress: market.contractAddress! };
}

/** The record of the request's Idempotency-Key, if it has one and the key was used before (expired or not). */
const idempotencyRecordOf = (db: Queryable, command: CreateTradeCommand) =>
  command.idempotencyKey ? findIdempotencyKey(db, command.key.id, command.idempotencyKey) : Promise.resolve(null);

/** The trade an earlier request with the same Idempotency-Key (`record`) or clientRequestId created, replayed; else null. */
async function findReplay(
  db: Queryable,
  deps: CreateTradeDeps,
  command: CreateTradeCommand,
  requestHash: string,
  record: IdempotencyKeyRecord | null,
): Promise<TradeWriteOutcome | null> {
  const request = { requestHash, simulation: simulationOf(command) };
  if (record && record.expiresAt > command.now && record.route !== ROUTE) throw keyOwnedByAnotherRoute(record.route);
  if (record && record.expiresAt > command.now && record.tradeId) {
    // The record and its trade were written in one transaction with one body hash: replayOutcome compares it.
    const trade = await findTradeById(db, record.tradeId);
    if (trade) return replayOutcome(trade, request, deps.confirmationKeys, 'Idempotency-Key');
  }
  if (command.clientRequestId) {
    const trade = await findTradeOfKeyByClientRequestId(db, command.key.id, command.clientRequestId);
    if (trade) return replayOutcome(trade, request, deps.confirmationKeys, 'clientRequestId');
  }
  return null;
}

/**
 * Binds the request's Idempotency-Key (if any) to `trade` for IDEMPOTENCY_KEY_TTL_MS, as a first request's key, in
 * place of an expired record of it (`record`); a live record is left as it is (a replay through it, or a conflict).
 */
async function claimIdempotencyKey(
  db: Queryable,
  command: CreateTradeCommand,
  record: IdempotencyKeyRecord | null,
  trade: TradeRecord,
): Promise<void> {
  if (!command.idempotencyKey || (record && record.expiresAt > command.now)) return;
  if (record) await deleteExpiredIdempotencyKey(db, command.key.id, command.idempotencyKey, command.now);
  await insertIdempotencyKey(db, {
    apiKeyId: command.key.id,
    key: command.idempotencyKey,
    route: ROUTE,
    requestHash: trade.requestHash,
    responseStatus: trade.confirmationTokenHash === null ? 201 : 202,
    tradeId: trade.id,
    createdAt: command.now,
    expiresAt: new Date(command.now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
  });
}

/** The chain reader and the platform's USDC on it, or why they cannot be had (thrown only when a new trade needs them). */
export async function chainForTrading(
  deps: CreateTradeDeps,
): Promise<{ reader: ChainReader; usdc: Address } | { unavailable: unknown }> {
  try {
    const reader = await requireChain(deps.chain);
    return { reader, usdc: await platformUsdc(deps.db, reader) };
  } catch (error) {
    return { unavailable: error };
  }
}

const simulationOf = (command: CreateTradeCommand): string | null =>
  command.simulation ? formatTradeSimulation(command.simulation) : null;

/** A create-trade request parsed and hashed, ready for its transaction (400s are thrown before any is opened). */
export interface PreparedTrade {
  command: CreateTradeCommand;
  amountAtomic: bigint;
  metadata: Record<string, string>;
  limitPrice: bigint | undefined;
  requestHash: string;
}

/** Parses the amount and the limit and computes the body identity: 400 VALIDATION_FAILED for a bad one. */
export function prepareTrade(command: CreateTradeCommand): PreparedTrade {
  const amountAtomic = parseUsdcAmount(command.amount);
  const metadata = command.metadata ?? {};
  const limitPrice = command.limitPrice === undefined ? undefined : parseLimitPrice(command.limitPrice);
  const requestHash = tradeIdentityHash({ ...command, amountAtomic, metadata, limitPrice });
  return { command, amountAtomic, metadata, limitPrice, requestHash };
}

/** The chain as a new trade sees it, read before the transaction (chainForTrading). */
export type TradingChain = Awaited<ReturnType<typeof chainForTrading>>;

export async function createTrade(deps: CreateTradeDeps, command: CreateTradeCommand): Promise<TradeWriteOutcome> {
  const prepared = prepareTrade(command);
  // Before the transaction, so no connection or lock waits on the chain; its failure only matters to a new trade.
  const chain = await chainForTrading(deps);
  return deps.outbox((trx, enqueue) => createTradeInTransaction({ trx, enqueue }, deps, prepared, chain));
}

/**
 * The trade's writes inside the caller's transaction (the file comment): a replay, or the checks and the new trade
 * with its steps, event and job. Nothing is written before the last check passes, so a refusal leaves the
 * transaction as it found it (a batch goes on with its next item).
 */
export async function createTradeInTransaction(
  { trx, enqueue }: { trx: Knex.Transaction; enqueue: EnqueueOutboxMessage },
  deps: CreateTradeDeps,
  { command, amountAtomic, metadata, limitPrice, requestHash }: PreparedTrade,
  chain: TradingChain,
): Promise<TradeWriteOutcome> {
  const limits = effectiveTradeLimits(command.key);
  const trade = { side: command.side, amountAtomic };
  const user = await lockUserForTrading(trx, command.key.userId);
  if (!user) throw new AppError('RESOURCE_NOT_FOUND', { detail: 'The key’s user no longer exists.' });
  // A replay answers what the first request got, whatever changed since (the market closed, the chain is away).
  const idempotencyRecord = await idempotencyRecordOf(trx, command);
  const replay = await findReplay(trx, deps, command, requestHash, idempotencyRecord);
  if (replay) {
    // A replay through the clientRequestId binds the request's new (or expired) Idempotency-Key to its trade.
    await claimIdempotencyKey(trx, command, idempotencyRecord, replay.trade);
    return replay;
  }

  assertExpiresAt(command);
  const found = await findMarketById(trx, command.marketId);
  if (!found) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  if ('unavailable' in chain) throw chain.unavailable;
  const { reader, usdc } = chain;
  const market = assertTradeable(found, { ...command, chainId: reader.chain.id });
  const exposure = await sumTradeExposure(trx, {
    apiKeyId: command.key.id,
    userId: user.id,
    since: new Date(command.now.getTime() - DAILY_WINDOW_MS),
    side: command.side,
    marketId: market.id,
    outcomeIndex: command.outcomeIndex,
  });
  const recentBuys = exposure.recentBuysOfKey;
  const cap = exceededCap(limits, trade, recentBuys);
  if (cap) {
    const limit = cap === 'per_trade' ? limits.perTradeLimit : limits.dailySpendLimit;
    throw new AppError('SPENDING_LIMIT_EXCEEDED', {
      detail:
        cap === 'per_trade'
          ? `The amount exceeds this key's per-trade cap of ${formatUsdcAmount(limit)}.`
          : `This buy would take the key's rolling 24 h volume past its cap of ${formatUsdcAmount(limit)}.`,
      extensions: {
        cap,
        limit: formatUsdcAmount(limit),
        ...(cap === 'daily_volume' ? { used: formatUsdcAmount(recentBuys) } : {}),
      },
    });
  }
  await assertFundsCover(reader, {
    usdc,
    account: user.smartAccountAddress,
    market: market.contractAddress,
    marketId: market.id,
    outcomeIndex: command.outcomeIndex,
    side: command.side,
    amountAtomic,
    inFlight: exposure.inFlightOfUser,
  });

  const id = newUuid();
  const highValue = needsConfirmation(limits, amountAtomic);
  const confirmationExpiresAt = new Date(command.now.getTime() + limits.confirmationWindowS * 1000);
  const createdStep = {
    type: traceSteps.created,
    data: {
      amount: formatUsdcAmount(amountAtomic),
      side: command.side,
      via: 'api',
      ...(command.simulation ? { simulation: simulationOf(command) } : {}),
      ...(command.expiresAt ? { expiresAt: command.expiresAt.toISOString() } : {}),
      ...(limitPrice === undefined ? {} : { limitPrice: formatUsdcAmount(limitPrice) }),
    },
  };
  const step: TradeStepRecord = highValue
    ? {
        trace: [
          createdStep,
          { type: traceSteps.confirmationRequired, data: { expiresAt: confirmationExpiresAt.toISOString() } },
        ],
        event: 'trade.confirmation-required',
        now: command.now,
      }
    : { trace: [createdStep, { type: traceSteps.queued }], enqueueJob: true, now: command.now };
  const traceSeq = timelineStepsOf(step);
  const created: TradeRecord = await insertTrade(trx, {
    id,
    apiKeyId: command.key.id,
    userId: user.id,
    marketId: market.id,
    outcomeIndex: command.outcomeIndex,
    side: command.side,
    amount: formatUsdcAmount(amountAtomic),
    amountAtomic,
    status: highValue ? 'pending_confirmation' : 'pending',
    clientRequestId: command.clientRequestId ?? null,
    metadata,
    requestHash,
    idempotencyKey: command.idempotencyKey ?? null,
    simulation: simulationOf(command),
    ...(command.expiresAt ? { executionDeadline: command.expiresAt } : {}),
    limitPrice: limitPrice ?? null,
    createdAt: command.now,
    traceSeq,
    ...(highValue
      ? {
          confirmationTokenHash: issueConfirmationToken(deps.confirmationKeys, id).hash,
          confirmationExpiresAt,
        }
      : {}),
  });
  await recordTradeStep(trx, enqueue, created, step, traceSeq);
  await claimIdempotencyKey(trx, command, idempotencyRecord, created);
  return createdOutcome(created, deps.confirmationKeys);
}
