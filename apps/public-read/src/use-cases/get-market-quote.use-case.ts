/*
 * The on-chain quote of GET /api/markets/{id}/quote: the market contract's views through readQuote, cached in Redis
 * per (market, outcomeIndex, action, amount) for QUOTE_CACHE_SECONDS. The cache holds the serialised body, so a hit
 * costs no JSON work; each replica also keeps what it read or wrote in memory until the same expiry time as the Redis
 * entry (never longer), so a hot quote costs no Redis round trip either. Redis trouble never fails a quote: the cache
 * is skipped.
 *
 * The replica's memory is the shared read-through cache: concurrent misses of one quote share a single read (Redis,
 * then MySQL and the chain), and a quote still asked for in the last QUOTE_REFRESH_AHEAD_MS of its life is re-read
 * once in the background while callers keep the live entry; without both, every expiry of a hot quote sent every
 * waiting request to the chain at once. A Redis entry with less than that left counts as expired (it is re-read from
 * the chain rather than remembered for a moment).
 */
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { readQuote } from '#shared/chain/market-reads.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import { isRequestCausedQuoteFailure, quoteContractRefusal, quoteOutcomeRefusal } from '#shared/domain/quote-rules.js';
import { AppError } from '#shared/errors/app-error.js';
import { createReadThroughCache, type ReadThroughCache } from '#shared/cache/read-through-cache.js';
import { createFailureLog, type FailureLog } from '#shared/logger/failure-log.js';
import type { Logger } from '#shared/logger/logger.js';
import type { QuoteQuery } from '../openapi/operation-types.js';

export interface QuoteDeps {
  db: Knex;
  redis: Redis;
  /** The chain reader, connected on first use (shared/src/chain/lazy-chain-reader.ts). */
  chain: () => Promise<ChainReader>;
  cacheSeconds: number;
  /** Logs the quote cache's Redis failures (a line per interval of an outage, not one per request). */
  cacheUnavailable: FailureLog;
  /** This replica's copy of the Redis entries it read or wrote (see createQuoteMemory). */
  memory: QuoteMemory;
  nowMs: () => number;
}

export const QUOTE_REFRESH_AHEAD_MS = 1_000;

/** A serialised quote and when its Redis entry expires (the replica forgets it then too, never later). */
interface RememberedQuote {
  json: string;
  expiresAt: number;
}

export type QuoteMemory = ReadThroughCache<RememberedQuote>;

export function createQuoteMemory(options: { nowMs: () => number; cacheSeconds: number; logger: Logger }): QuoteMemory {
  const { nowMs } = options;
  const refreshFailed = createFailureLog(options.logger, {
    event: 'quotes.refresh_failed',
    message: 'quote refresh failed; the cached quote is served until it expires',
  });
  return createReadThroughCache<RememberedQuote>({
    ttlMs: options.cacheSeconds * 1000,
    ttlOf: (quote) => quote.expiresAt - nowMs(),
    refreshAheadMs: QUOTE_REFRESH_AHEAD_MS,
    maxEntries: 10_000,
    now: nowMs,
    onRefreshError: (key, error) => refreshFailed(error, { key }),
  });
}

export interface QuoteResult {
  /** The serialised `{ quote, market, units }` body. */
  json: string;
  /** Whole seconds the body may still be reused (Cache-Control max-age). */
  maxAgeSeconds: number;
}

const validationError = (detail: string, cause?: unknown): AppError =>
  new AppError('INVALID_REQUEST', { detail, cause });
const notFoundError = (detail: string): AppError => new AppError('MARKET_NOT_FOUND', { detail });

export function quoteCacheKey(marketId: string, query: QuoteQuery): string {
  return `quote:${marketId}:${query.outcomeIndex}:${query.action}:${query.amount.toString()}`;
}

export async function getMarketQuote(deps: QuoteDeps, marketId: string, query: QuoteQuery): Promise<QuoteResult> {
  const key = quoteCacheKey(marketId, query);
  const quote = await deps.memory.get(key, () => readThrough(deps, key, marketId, query));
  return { json: quote.json, maxAgeSeconds: Math.max(0, Math.floor((quote.expiresAt - deps.nowMs()) / 1000)) };
}

/** Redis (unless its entry is about to expire), else MySQL and the chain, writing Redis back. */
async function readThrough(
  deps: QuoteDeps,
  key: string,
  marketId: string,
  query: QuoteQuery,
): Promise<RememberedQuote> {
  const hit = await cacheRead(deps, key);
  if (hit !== null && hit.ttlMs > QUOTE_REFRESH_AHEAD_MS) {
    return { json: hit.json, expiresAt: deps.nowMs() + hit.ttlMs };
  }

  const market = await findMarketById(deps.db, marketId);
  if (!market) throw notFoundError(`Market ${marketId} does not exist.`);
  const outcomeRefusal = quoteOutcomeRefusal(market, query.outcomeIndex);
  if (outcomeRefusal?.reason === 'outcome_out_of_range') {
    throw validationError(
      `Invalid query parameter: "outcomeIndex" must be an integer from 0 to ${outcomeRefusal.highestOutcomeIndex}.`,
    );
  }
  const reader = await deps.chain();
  if (!market.contractAddress || quoteContractRefusal(market, reader.chain.id)) {
    throw notFoundError(`Market ${marketId} has no contract on this chain to quote.`);
  }
  let body;
  try {
    body = await readQuote(reader, {
      marketId: market.id,
      contractAddress: market.contractAddress,
      labels: market.outcomes,
      outcomeIndex: query.outcomeIndex,
      action: query.action,
      amount: query.amount,
    });
  } catch (error) {
    // A revert the client caused (amount too large, more tokens than exist…) is a 400; chain outages stay 503.
    if (isRequestCausedQuoteFailure(error)) throw validationError(error.detail, error);
    throw error;
  }
  const json = JSON.stringify(body);
  const expiresAt = deps.nowMs() + deps.cacheSeconds * 1000;
  await cacheWrite(deps, key, json);
  return { json, expiresAt };
}

async function cacheRead(deps: QuoteDeps, key: string): Promise<{ json: string; ttlMs: number } | null> {
  try {
    // cast: a plain pipeline (no MULTI) resolves one [error, reply] per command in order: GET's string | null, PTTL's number.
    const [[, json], [, ttl]] = (await deps.redis.pipeline().get(key).pttl(key).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    if (json === null || ttl <= 0) return null;
    return { json, ttlMs: ttl };
  } catch (error) {
    deps.cacheUnavailable(error, { operation: 'read' });
    return null;
  }
}

async function cacheWrite(deps: QuoteDeps, key: string, json: string): Promise<void> {
  try {
    await deps.redis.set(key, json, 'PX', deps.cacheSeconds * 1000);
  } catch (error) {
    deps.cacheUnavailable(error, { operation: 'write' });
  }
}
