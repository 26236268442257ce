/*
 * Trading API replicas for the stream tests: one suite database, Redis prefix and broker prefix, and as many app
 * instances as a test wants, each with its own notice hub fed by its own AMQP subscription (as `npm start` wires
 * them). Events are produced the production way: a trade moved in an outbox transaction whose notice is published
 * after the commit.
 */
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { startHttpServer, type RunningServer } from '#shared/http/http-server.js';
import { createMutableRouteSwitches, type MutableRouteSwitches } from '#shared/kill-switch/route-switches.js';
import { createLogger } from '#shared/logger/logger.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createOutboxTransaction, type OutboxTransaction } from '#shared/messaging/outbox.js';
import { createNoticeHub, type NoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { testEnv, suiteToken } from '#tooling/testing/test-env.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { moveTrade } from '#shared/trade-lifecycle/trade-steps.js';
import { type TradeEventType } from '#shared/trade-lifecycle/trade-event-envelope.js';
import { createApp } from '../../../apps/trading-api/src/app.js';
import type { EventPageReader } from '../../../apps/trading-api/src/streams/shared-event-pages.js';
import type { StreamSettings } from '../../../apps/trading-api/src/streams/stream-settings.js';
import { createUsageRecorder } from '../../../apps/trading-api/src/usage/usage-recorder.js';
import { createCaller, insertCallerTrade, testAppDeps, type TestCaller } from './trading-api-test-kit.js';

export interface StreamsReplica {
  url: string;
  /** This replica's own publisher: a state change committed through it, as its handlers commit theirs. */
  outbox: OutboxTransaction;
  switches: MutableRouteSwitches;
  hub: NoticeHub;
  /** Closes the HTTP server as SIGTERM does (streams first, then the drain). */
  close(): Promise<void>;
}

export interface StreamsKit {
  database: TestDatabase;
  testRedis: TestRedis;
  amqp: AmqpConnectionManager;
  outbox: OutboxTransaction;
  marketId: string;
  /**
   * `logLines` collects the replica's JSON log lines (info and above); `wrapPages` wraps its streams' page reads
   * (to produce events between the pages of a replay).
   */
  startReplica(settings?: Partial<StreamSettings>, options?: ReplicaOptions): Promise<StreamsReplica>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  logLines?: string[];
  wrapPages?: (read: EventPageReader) => EventPageReader;
  /** SHUTDOWN_DRAIN_MS: how long close() keeps serving, not ready, before it stops listening (default 0). */
  drainMs?: number;
}

const logger = createLogger({ name: 'streams-test', level: 'silent' });

export async function startStreamsKit(): Promise<StreamsKit> {
  const prefix = `t_${suiteToken()}`;
  const [database, testRedis] = await Promise.all([createTestDatabase(), createTestRedis()]);
  const amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix, logger });
  await amqp.connect();
  const market = await insertMarket(database.db, { question: 'Streamed?', category: 'misc', outcomes: ['YES', 'NO'] });
  const replicas: Array<{ running: RunningServer; subscriber: NoticeSubscriber; close(): Promise<void> }> = [];
  const usage = createUsageRecorder({ db: database.db, logger });

  const startReplica = async (
    settings: Partial<StreamSettings> = {},
    options: ReplicaOptions = {},
  ): Promise<StreamsReplica> => {
    const lines = options.logLines;
    const appLogger = lines
      ? createLogger({
          name: 'streams-test',
          level: 'info',
          destination: { write: (line: string) => lines.push(line) },
        })
      : logger;
    const hub = createNoticeHub();
    const subscriber = startNoticeSubscriber({ url: testEnv.amqpUrl, prefix, bindingKeys: ['trade.#'], hub, logger });
    if (!(await subscriber.ready())) throw new Error('stream notices did not subscribe');
    const switches = createMutableRouteSwitches([]);
    const publisher = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix, logger });
    await publisher.connect();
    const app = createApp({
      ...testAppDeps({ logger: appLogger, switches, database, testRedis, usage }),
      amqp: publisher,
      streamNotices: hub,
      // Re-reads only as a safety net: the tests must pass on notices.
      streamSettings: { recheckMs: 60_000, ...settings },
      wrapStreamPages: options.wrapPages,
    });
    const running = await startHttpServer(app, {
      ...{ port: 0, host: '127.0.0.1', logger, shutdownGraceMs: 5_000 },
      ...(options.drainMs === undefined ? {} : { readinessDrainMs: options.drainMs }),
    });
    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      await running.close();
      await subscriber.close();
      await publisher.close();
    };
    replicas.push({ running, subscriber, close });
    const outbox = createOutboxTransaction(database.db, publisher);
    return { url: `http://127.0.0.1:${running.port}`, outbox, switches, hub, close };
  };

  return {
    database,
    testRedis,
    amqp,
    outbox: createOutboxTransaction(database.db, amqp),
    marketId: market.id,
    startReplica,
    close: async () => {
      for (const replica of replicas) await replica.close();
      await usage.stop();
      await amqp.close();
      await deleteTestTopology(prefix).catch(() => undefined);
      await Promise.all([database.destroy(), testRedis.destroy()]);
    },
  };
}

/** A fresh user with one key holding `trades:read`. */
export const createStreamCaller = (kit: StreamsKit, scopes = ['trades:read']): Promise<TestCaller> =>
  createCaller(kit, { scopes });

/** A pending trade of `caller`, on the kit's market unless `marketId` names another. */
export function placePendingTrade(
  kit: StreamsKit,
  caller: TestCaller,
  options: { marketId?: string; metadata?: Record<string, string> } = {},
) {
  const { metadata } = options;
  return insertCallerTrade(kit.database.db, caller, {
    marketId: options.marketId ?? kit.marketId,
    amount: '1.5',
    amountAtomic: 1_500_000n,
    ...(metadata ? { metadata } : {}),
  });
}

/** Finishes a pending trade as the executor does (conditional move, event, notice after commit). */
export async function finishTrade(
  kit: StreamsKit,
  trade: TradeRecord,
  outcome: 'completed' | 'failed' = 'failed',
  through: OutboxTransaction = kit.outbox,
): Promise<TradeRecord> {
  const event: TradeEventType = outcome === 'completed' ? 'trade.completed' : 'trade.failed';
  const moved = await through((trx, enqueue) =>
    moveTrade(trx, enqueue, trade.id, {
      from: 'pending',
      to: outcome,
      event,
      now: new Date(),
      update:
        outcome === 'completed'
          ? { txHash: `0x${'a'.repeat(64)}`, tokensOut: 3n }
          : { errorCode: 'SLIPPAGE_EXCEEDED', errorMessage: 'moved' },
    }),
  );
  if (!moved) throw new Error(`trade ${trade.id} was not pending`);
  return moved;
}

/** One new event of `caller` (a trade placed and failed): resolves with its trade. */
export async function produceEvent(
  kit: StreamsKit,
  caller: TestCaller,
  through: OutboxTransaction = kit.outbox,
): Promise<TradeRecord> {
  return finishTrade(kit, await placePendingTrade(kit, caller), 'failed', through);
}
