/*
 * The on-chain quote of GET /api/markets/{id}/quote: the market contract's views through readQuote, cached in Redis
 * per (market, outcomeIndex, action, amount) for QUOTE_CACHE_SECONDS. The cache holds the serialised body, so a hit
 * costs no JSON work; each replica also keeps what it read or wrote in memory until the same expiry time as the Redis
 * entry (never longer), so a hot quote costs no Redis round trip either. Redis trouble never fails a quote: the cache
 * is skipped.
 *
 * Concurrent misses of one quote share a single read (Redis, then MySQL and the chain), and a quote still asked for in
 * the last QUOTE_REFRESH_AHEAD_MS of its life is re-read from the chain once in the background while callers keep the
 * live entry: without both, every expiry of a hot quote sent every waiting request to the chain at once.
 */
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Address } from 'viem';
import type { ChainReader } from '../../../../shared/src/chain/chain-clients.js';
import { readQuote } from '../../../../shared/src/chain/market-reads.js';
import { findMarketById } from '../../../../shared/src/db/index.js';
import { AppError, isAppError } from '../../../../shared/src/errors/index.js';
import type { Logger } from '../../../../shared/src/logger/index.js';
import { ExpiringMap } from '../http/expiring-map.js';
import type { QuoteQuery } from '../schemas/market-queries.schema.js';

export interface QuoteDeps {
  db: Knex;
  redis: Redis;
  /** The chain reader, connected on first use (shared/src/chain/lazy-chain-reader.ts). */
  chain: () => Promise<ChainReader>;
  cacheSeconds: number;
  logger: Logger;
  /** This replica's copy of Redis entries it has seen (see createQuoteMemory). */
  memory: QuoteMemory;
  nowMs: () => number;
}

export const QUOTE_REFRESH_AHEAD_MS = 1_000;

export interface QuoteMemory {
  /** Bodies this replica read or wrote, until their Redis expiry time. */
  bodies: ExpiringMap<string>;
  /** Reads in flight per cache key (one per key at a time). */
  reading: Map<string, Promise<QuoteResult>>;
}

export function createQuoteMemory(nowMs: () => number): QuoteMemory {
  return { bodies: new ExpiringMap<string>(10_000, nowMs), reading: new Map() };
}

export interface QuoteResult {
  /** The serialised `{ quote, market, units }` body. */
  json: string;
  /** Whole seconds the body may still be reused (Cache-Control max-age). */
  maxAgeSeconds: number;
  cached: boolean;
}

const validationError = (detail: string, cause?: unknown): AppError =>
  new AppError('INVALID_REQUEST', { detail, publicLabel: 'ValidationError', cause });
const notFoundError = (detail: string): AppError =>
  new AppError('MARKET_NOT_FOUND', { detail, publicLabel: 'NotFoundError' });

export function quoteCacheKey(marketId: string, query: QuoteQuery): string {
  return `quote:${marketId}:${query.outcomeIndex}:${query.action}:${query.amount.toString()}`;
}

export async function getMarketQuote(deps: QuoteDeps, marketId: string, query: QuoteQuery): Promise<QuoteResult> {
  const key = quoteCacheKey(marketId, query);
  const remembered = deps.memory.bodies.entry(key);
  if (remembered === undefined) return readOnce(deps, key, () => readThrough(deps, key, marketId, query, 0));
  const remainingMs = remembered.expiresAt - deps.nowMs();
  if (remainingMs <= QUOTE_REFRESH_AHEAD_MS && !deps.memory.reading.has(key)) {
    // Another replica's refresh (a Redis entry with more life left than ours) is as good as a chain read.
    readOnce(deps, key, () => readThrough(deps, key, marketId, query, QUOTE_REFRESH_AHEAD_MS)).catch((error) =>
      deps.logger.warn({ err: error, marketId }, 'quote refresh failed; the cached quote is served until it expires'),
    );
  }
  return { json: remembered.value, maxAgeSeconds: Math.floor(remainingMs / 1000), cached: true };
}

/** The read in flight for `key`, or a new one. */
function readOnce(deps: QuoteDeps, key: string, read: () => Promise<QuoteResult>): Promise<QuoteResult> {
  const { reading } = deps.memory;
  const pending = reading.get(key);
  if (pending) return pending;
  const started = read().finally(() => reading.delete(key));
  reading.set(key, started);
  return started;
}

/** Redis (when its entry has more than `minRedisTtlMs` left), else MySQL and the chain; remembered either way. */
async function readThrough(
  deps: QuoteDeps,
  key: string,
  marketId: string,
  query: QuoteQuery,
  minRedisTtlMs: number,
): Promise<QuoteResult> {
  const hit = await cacheRead(deps, key);
  if (hit !== null && hit.ttlMs > minRedisTtlMs) {
    deps.memory.bodies.set(key, hit.json, deps.nowMs() + hit.ttlMs);
    return { json: hit.json, maxAgeSeconds: Math.floor(hit.ttlMs / 1000), cached: true };
  }

  const market = await findMarketById(deps.db, marketId);
  if (!market) throw notFoundError(`Market ${marketId} does not exist.`);
  if (query.outcomeIndex >= market.outcomes.length) {
    throw validationError(
      `Invalid query parameter: "outcomeIndex" must be an integer from 0 to ${market.outcomes.length - 1}.`,
    );
  }
  const reader = await deps.chain();
  if (!market.contractAddress || (market.chainId !== null && market.chainId !== reader.chain.id)) {
    throw notFoundError(`Market ${marketId} has no contract on this chain to quote.`);
  }
  let body;
  try {
    body = await readQuote(reader, {
      marketId: market.id,
      contractAddress: market.contractAddress as Address,
      labels: market.outcomes,
      outcomeIndex: query.outcomeIndex,
      action: query.action,
      amount: query.amount,
    });
  } catch (error) {
    // A revert the client caused (amount too large, more tokens than exist…) is a 400; chain outages stay 503.
    if (isAppError(error) && error.status >= 400 && error.status < 500) throw validationError(error.detail, error);
    throw error;
  }
  const json = JSON.stringify(body);
  const expiresAt = deps.nowMs() + deps.cacheSeconds * 1000;
  await cacheWrite(deps, key, json);
  deps.memory.bodies.set(key, json, expiresAt);
  return { json, maxAgeSeconds: deps.cacheSeconds, cached: false };
}

async function cacheRead(deps: QuoteDeps, key: string): Promise<{ json: string; ttlMs: number } | null> {
  try {
    const [[, json], [, ttl]] = (await deps.redis.pipeline().get(key).pttl(key).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    if (json === null || ttl <= 0) return null;
    return { json, ttlMs: ttl };
  } catch (error) {
    deps.logger.warn({ err: error }, 'quote cache read failed; quoting without the cache');
    return null;
  }
}

async function cacheWrite(deps: QuoteDeps, key: string, json: string): Promise<void> {
  try {
    await deps.redis.set(key, json, 'PX', deps.cacheSeconds * 1000);
  } catch (error) {
    deps.logger.warn({ err: error }, 'quote cache write failed');
  }
}
