/* Test-only: the real public-read app on an ephemeral port over a suite's own MySQL database and Redis prefix. */
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ChainReader } from '../../../../shared/src/chain/chain-clients.js';
import { createHttpMetrics, startHttpServer, type RunningServer } from '../../../../shared/src/http/index.js';
import { captureLogs, type CapturedLogs } from '../../../../shared/src/http/http-test-kit.js';
import { createStaticRouteSwitches } from '../../../../shared/src/kill-switch/index.js';
import { createTestDatabase, type TestDatabase } from '../../../../shared/src/testing/test-database.js';
import { createTestRedis, type TestRedis } from '../../../../shared/src/testing/test-redis.js';
import { createApp, type PublicReadSettings } from '../app.js';
import type { ApiKeyVerifier } from '../http/api-key.js';

export const testSettings: PublicReadSettings = {
  rateLimit: { windowMs: 60_000, threadsList: 50, default: 100 },
  quoteCacheSeconds: 10,
  // Off by default so tests see their own writes at once; response-cache.test.ts turns it on.
  readCacheMs: 0,
  social: { intentUrl: 'https://social.example/intent/post', botHandle: 'ForetellBot' },
};

export interface AppOptions {
  settings?: Partial<PublicReadSettings>;
  chainReader?: () => Promise<ChainReader>;
  apiKeyVerifier?: ApiKeyVerifier;
  trustProxy?: string;
  routeDisabled?: string[];
  /** Replaces the suite's Redis client (e.g. one that cannot connect). */
  redis?: Redis;
}

export interface RunningPublicRead {
  url: string;
  logs: CapturedLogs;
  /** The clock the app reads; tests move it. */
  clock: { now: Date };
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

const noChain = (): Promise<ChainReader> => Promise.reject(new Error('this suite has no chain'));

export async function createPublicReadSuite(): Promise<PublicReadSuite> {
  const [database, testRedis] = await Promise.all([createTestDatabase(), createTestRedis()]);
  const running: RunningServer[] = [];
  return {
    db: database.db,
    redis: testRedis.redis,
    database,
    testRedis,
    async start(options = {}) {
      const logs = captureLogs();
      const clock = { now: new Date() };
      const app = createApp({
        logger: logs.logger,
        version: '0.0.0-test',
        routeSwitches: createStaticRouteSwitches(options.routeDisabled ?? []),
        readinessChecks: [],
        metrics: createHttpMetrics('public-read-test'),
        trustProxy: options.trustProxy ?? 'false',
        db: database.db,
        redis: options.redis ?? testRedis.redis,
        chainReader: options.chainReader ?? noChain,
        settings: { ...testSettings, ...options.settings },
        now: () => clock.now,
        ...(options.apiKeyVerifier ? { apiKeyVerifier: options.apiKeyVerifier } : {}),
      });
      const server = await startHttpServer(app, {
        port: 0,
        host: '127.0.0.1',
        logger: logs.logger,
        shutdownGraceMs: 1_000,
      });
      running.push(server);
      return { url: `http://127.0.0.1:${server.port}`, logs, clock, close: () => server.close() };
    },
    async destroy() {
      await Promise.all(running.map((server) => server.close()));
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
