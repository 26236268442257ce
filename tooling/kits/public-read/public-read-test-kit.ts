/* Test-only: the real public-read app on an ephemeral port over a suite's own MySQL database and Redis prefix. */
import { expect } from '@jest/globals';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { createLazyChainReader, type ChainSource, type LazyChainReader } from '#shared/chain/lazy-chain-reader.js';
import { createHttpMetrics } from '#shared/http/http-metrics.js';
import { startHttpServer, type RunningServer } from '#shared/http/http-server.js';
import { captureLogs, type CapturedLogs } from '#tooling/testing/http-test-kit.js';
import { createStaticRouteSwitches, type RouteSwitches } from '#shared/kill-switch/route-switches.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import { createApp, type PublicReadSettings } from '../../../apps/public-read/src/app.js';
import type { MarketStreamSettings } from '../../../apps/public-read/src/streams/market-streams.js';
import type { ApiKeyVerifier } from '../../../apps/public-read/src/http/api-key.js';

export const testSettings: PublicReadSettings = {
  rateLimit: { windowMs: 60_000, threadsList: 50, default: 100 },
  quoteCacheSeconds: 10,
  // Off by default so tests see their own writes at once; response-cache.test.ts turns it on.
  readCacheMs: 0,
  social: {
    intentUrl: 'https://social.example/intent/post',
    botHandle: 'ForetellBot',
    marketPageUrl: 'https://foretell.example/markets/',
  },
};

export interface AppOptions {
  settings?: Partial<PublicReadSettings>;
  /** The quote endpoint's chain; default: the production lazy reader over an RPC that refuses connections. */
  chainReader?: ChainSource;
  apiKeyVerifier?: ApiKeyVerifier;
  trustProxy?: string;
  /** GATEWAY_APPENDED_ADDRESSES (default 1). */
  gatewayAppendedAddresses?: number;
  routeDisabled?: string[];
  /** Switches a test flips while the app runs (replaces `routeDisabled`). */
  routeSwitches?: RouteSwitches;
  /** Replaces the suite's Redis client (e.g. one that cannot connect). */
  redis?: Redis;
  /** Live market streams: the replica's notice hub and limits (decision 0022). */
  marketNotices?: NoticeHub;
  marketStreams?: Partial<MarketStreamSettings>;
}

export interface RunningPublicRead {
  url: string;
  logs: CapturedLogs;
  /** The clock the app reads; tests move it. */
  clock: { now: Date };
  /** Every route id the app registered (`${method} ${path}`, the ids kill switches name). */
  routeIds: ReadonlySet<string>;
  close(): Promise<void>;
}

export interface PublicReadSuite {
  db: Knex;
  redis: Redis;
  database: TestDatabase;
  testRedis: TestRedis;
  /** Starts an app over this suite's database and Redis (stopped by `destroy`). */
  start(options?: AppOptions): Promise<RunningPublicRead>;
  destroy(): Promise<void>;
}

/** Nothing listens on port 1 of the loopback interface (a privileged port no service here binds): refused at once. */
export const UNREACHABLE_RPC_URL = 'http://127.0.0.1:1';

/**
 * The chain reader production builds (main.ts: createLazyChainReader) pointed at an RPC that is down, so a suite
 * without a chain sees what production sees then: the connection fails and quotes answer 503 DEPENDENCY_UNAVAILABLE.
 * With `chainId` the reader is built without asking the RPC (as with CHAIN_ID set) and each read fails instead.
 */
export function createUnreachableChain(options: { chainId?: number } = {}): LazyChainReader {
  return createLazyChainReader({ rpcUrl: UNREACHABLE_RPC_URL, retryCount: 0, requestTimeoutMs: 2_000, ...options });
}

export async function createPublicReadSuite(): Promise<PublicReadSuite> {
  const [database, testRedis] = await Promise.all([createTestDatabase(), createTestRedis()]);
  const running: RunningServer[] = [];
  const chains: LazyChainReader[] = [];
  return {
    db: database.db,
    redis: testRedis.redis,
    database,
    testRedis,
    async start(options = {}) {
      const logs = captureLogs();
      const clock = { now: new Date() };
      let chainReader = options.chainReader;
      if (!chainReader) {
        const unreachable = createUnreachableChain();
        chains.push(unreachable);
        chainReader = unreachable.get;
      }
      const app = createApp({
        logger: logs.logger,
        version: '0.0.0-test',
        routeSwitches: options.routeSwitches ?? createStaticRouteSwitches(options.routeDisabled ?? []),
        readinessChecks: [],
        metrics: createHttpMetrics('public-read-test'),
        trustProxy: options.trustProxy ?? 'false',
        gatewayAppendedAddresses: options.gatewayAppendedAddresses,
        db: database.db,
        redis: options.redis ?? testRedis.redis,
        chainReader,
        settings: { ...testSettings, ...options.settings },
        now: () => clock.now,
        ...(options.apiKeyVerifier ? { apiKeyVerifier: options.apiKeyVerifier } : {}),
        marketNotices: options.marketNotices,
        marketStreams: options.marketStreams,
      });
      const server = await startHttpServer(app, {
        port: 0,
        host: '127.0.0.1',
        logger: logs.logger,
        shutdownGraceMs: 1_000,
      });
      running.push(server);
      return {
        url: `http://127.0.0.1:${server.port}`,
        logs,
        clock,
        routeIds: app.locals.routeIds as ReadonlySet<string>,
        close: () => server.close(),
      };
    },
    async destroy() {
      await Promise.all(running.map((server) => server.close()));
      await Promise.all(chains.map((chain) => chain.close()));
      await Promise.all([database.destroy(), testRedis.destroy()]);
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** GET a JSON endpoint. */
export async function getJson<T = Record<string, unknown>>(
  url: string,
  init: RequestInit = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/** How many queries `db` runs while `run` does. */
export async function countQueries(db: Knex, run: () => Promise<void>): Promise<number> {
  let count = 0;
  const onQuery = (): void => {
    count += 1;
  };
  db.on('query', onQuery);
  try {
    await run();
  } finally {
    db.off('query', onQuery);
  }
  return count;
}

/** GETs `url` and expects `status` with the public error body `{ error, code, message }` (any message unless given). */
export async function expectPublicError(
  url: string,
  status: number,
  error: string,
  code: string,
  message: unknown = expect.any(String),
): Promise<void> {
  const response = await getJson(url);
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error, code, message });
}

/** GETs `url` and expects 400 INVALID_REQUEST with a message naming the query parameter `name`. */
export const expectInvalidParameter = (url: string, name: string, error = 'Bad Request'): Promise<void> =>
  expectPublicError(url, 400, error, 'INVALID_REQUEST', expect.stringContaining(`"${name}"`));
