/* A real trading API on port 0 against a suite database and Redis prefix, plus per-test users, keys and requests. */
import { randomInt } from 'node:crypto';
import { issueApiKey, type IssueApiKeyInput } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { createUser } from '#shared/db/users/users.repository.js';
import type { NewMarket } from '#shared/db/markets/market-rows.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { NewTrade } from '#shared/db/trades/trade-rows.js';
import { insertTrade } from '#shared/db/trades/trades.repository.js';
import type { Queryable } from '#shared/db/transaction.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { startHttpServer, type RunningServer } from '#shared/http/http-server.js';
import { createMutableRouteSwitches, type MutableRouteSwitches } from '#shared/kill-switch/route-switches.js';
import { createLogger, type Logger } from '#shared/logger/logger.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { createApp, type TradingApiDeps } from '../../../apps/trading-api/src/app.js';
import { createUsageRecorder, type UsageRecorder } from '../../../apps/trading-api/src/usage/usage-recorder.js';

export const TEST_PEPPER = 'test-pepper-0123456789abcdef0123456789abcdef';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  /** Stops the clock at `at` (it then moves only by advance()): for assertions that real time must not blur. */
  freezeAt(at: number): void;
}

export interface TradingApiKit {
  url: string;
  database: TestDatabase;
  testRedis: TestRedis;
  usage: UsageRecorder;
  clock: TestClock;
  switches: MutableRouteSwitches;
  close(): Promise<void>;
}

/** The deps every test trading API shares: its own database and Redis prefix, the test pepper, no readiness checks. */
export function testAppDeps(parts: {
  logger: Logger;
  switches: MutableRouteSwitches;
  database: TestDatabase;
  testRedis: TestRedis;
  usage: UsageRecorder;
}): TradingApiDeps {
  return {
    logger: parts.logger,
    version: '0.0.0-test',
    routeSwitches: parts.switches.switches,
    readinessChecks: [],
    // Tests choose their client address with X-Forwarded-For (lockouts and allowlists are per IP).
    trustProxy: 'loopback',
    docsBaseUrl: 'http://docs.test/v1/docs',
    db: parts.database.db,
    redis: parts.testRedis.redis,
    apiKeyPepper: TEST_PEPPER,
    serviceEnv: 'test',
    usage: parts.usage,
  };
}

export async function startTradingApiKit(overrides: Partial<TradingApiDeps> = {}): Promise<TradingApiKit> {
  const [database, testRedis] = await Promise.all([createTestDatabase(), createTestRedis()]);
  let offset = 0;
  let frozen: number | undefined;
  const clock: TestClock = {
    now: () => (frozen ?? Date.now()) + offset,
    advance: (ms) => (offset += ms),
    freezeAt: (at) => {
      frozen = at;
      offset = 0;
    },
  };
  const logger = createLogger({ name: 'trading-api-test', level: 'silent' });
  const usage = createUsageRecorder({ db: database.db, logger, now: clock.now });
  const switches = createMutableRouteSwitches([]);
  const app = createApp({
    ...testAppDeps({ logger, switches, database, testRedis, usage }),
    now: clock.now,
    ...overrides,
  });
  const running: RunningServer = await startHttpServer(app, {
    port: 0,
    host: '127.0.0.1',
    logger,
    shutdownGraceMs: 1_000,
  });
  return {
    url: `http://127.0.0.1:${running.port}`,
    database,
    testRedis,
    usage,
    clock,
    switches,
    close: async () => {
      await running.close();
      await usage.stop();
      await Promise.all([database.destroy(), testRedis.destroy()]);
    },
  };
}

/** A request path for an operation's Express path: ids filled with well-formed ids of nothing that exists. */
export function concretePath(expressPath: string): string {
  const uuid = '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';
  return expressPath
    .replace(':id', expressPath.includes('webhooks') ? 'evt_abc123' : uuid)
    .replace(':correlationId', uuid);
}

/** A documentation-range address (TEST-NET-2) unique enough per test. */
export function randomTestIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface TestCaller {
  userId: string;
  key: string;
  record: ApiKeyRecord;
  ip: string;
}

/** A fresh user with one key (tier enterprise unless overridden: it holds every trading scope). */
export async function createCaller(
  kit: Pick<TradingApiKit, 'database'>,
  options: Partial<Omit<IssueApiKeyInput, 'userId'>> = {},
): Promise<TestCaller> {
  const user = await createUser(kit.database.db, { email: `u-${Date.now()}-${randomInt(1e9)}@test.example` });
  return addCallerKey(kit, { userId: user.id, ip: randomTestIp() }, options);
}

/** Another key of `caller`'s user, as a caller of its own (same user, same address). */
export async function addCallerKey(
  kit: Pick<TradingApiKit, 'database'>,
  caller: Pick<TestCaller, 'userId' | 'ip'>,
  options: Partial<Omit<IssueApiKeyInput, 'userId'>> = {},
): Promise<TestCaller> {
  const issued = await issueApiKey(kit.database.db, TEST_PEPPER, {
    tier: 'enterprise',
    env: 'test',
    ...options,
    userId: caller.userId,
  });
  return { userId: caller.userId, key: issued.key, record: issued.record, ip: caller.ip };
}

/** Another key of `caller`'s user: its plaintext. */
export async function addKey(
  kit: TradingApiKit,
  caller: TestCaller,
  options: Partial<Omit<IssueApiKeyInput, 'userId'>> = {},
): Promise<string> {
  return (await addCallerKey(kit, caller, options)).key;
}

/** A market row past the API: an off-chain YES/NO market in category misc unless `fields` say otherwise. */
export function insertTestMarket(db: Queryable, fields: Partial<NewMarket> = {}) {
  return insertMarket(db, { question: 'A test market?', category: 'misc', outcomes: ['YES', 'NO'], ...fields });
}

/** A trade row of `caller`'s key past the API: a pending 1 USDC buy of outcome 0 unless `fields` say otherwise. */
export function insertCallerTrade(db: Queryable, caller: TestCaller, fields: Partial<NewTrade> & { marketId: string }) {
  return insertTrade(db, {
    apiKeyId: caller.record.id,
    userId: caller.userId,
    outcomeIndex: 0,
    side: 'buy',
    amount: '1',
    amountAtomic: 1_000_000n,
    requestHash: 'a'.repeat(64),
    ...fields,
  });
}

/** A webhook event about `trade` past the API (trade.completed, seq 1, not sent unless `columns` say otherwise): its id. */
export async function insertTradeWebhookEvent(
  db: Queryable,
  trade: { id: string; apiKeyId: string },
  columns: Record<string, unknown> = {},
): Promise<string> {
  const id = `evt_${trade.id.replaceAll('-', '')}`;
  // The key's next sequence number, taken as recordWebhookEvent takes it, so later real events follow it.
  await db('api_keys').where({ id: trade.apiKeyId }).increment('last_webhook_seq', 1);
  const { last_webhook_seq: seq } = await db('api_keys').where({ id: trade.apiKeyId }).first('last_webhook_seq');
  await db('webhook_events').insert({
    id,
    api_key_id: trade.apiKeyId,
    seq,
    type: 'trade.completed',
    api_version: '2026-04-29',
    trade_id: trade.id,
    payload: '{}',
    ...columns,
  });
  return id;
}

/** A trade's webhookDelivery while its key has a webhook URL and no event was recorded for it yet. */
export const NO_WEBHOOK_DELIVERY_YET = {
  status: 'none',
  attempts: 0,
  lastAttemptedAt: null,
  lastStatusCode: null,
  lastFailureCode: null,
  terminalFailureAt: null,
};

export interface CallOptions {
  key?: string | null;
  ip?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

/** One HTTP request to the kit's app (an event stream's body is not read: see below). */
export async function call(
  kit: TradingApiKit,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  if (options.ip) headers['X-Forwarded-For'] = options.ip;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(`${kit.url}${path}`, { method, headers, body });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // An open event stream never ends by itself: its answer is the status and headers; closing it frees the slot.
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: '', json: {} };
  }
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A caller's request: its key and its address. */
export function callAs(
  kit: TradingApiKit,
  caller: TestCaller,
  method: string,
  path: string,
  options: CallOptions = {},
) {
  return call(kit, method, path, { key: caller.key, ip: caller.ip, ...options });
}
