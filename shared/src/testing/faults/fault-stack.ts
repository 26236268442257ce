/*
 * One fault suite's whole system: private MariaDB, RabbitMQ and Redis (restartable, see private-services.ts), an
 * anvil chain with the platform and one open market, and the trading API, chain executor and
 * webhook dispatcher as real processes that reach every dependency through a TCP fault proxy. The harness itself
 * (seeding, assertions) talks to the services directly, so a fault only hits the deployables.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Address } from 'viem';
import {
  anvilPrivateKey,
  createListedFixtureMarket,
  recordFixtureDeployment,
  startChainFixture,
  type ChainFixture,
} from '../../chain/chain-test-fixtures.js';
import { createKnex, ensureDatabase, withDatabase, type Knex } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { faultDeployable, type FaultDeployable } from './fault-deployables.js';
import { privateMariaDb, privateRabbitMq, privateRedis, type PrivateService } from './private-services.js';
import { startTcpFaultProxy, type TcpFaultProxy } from './tcp-fault-proxy.js';

export const FAULT_PEPPER = 'fault-suite-pepper-0123456789abcdef0123456789';
export const FAULT_WEBHOOK_SECRET_KEY = 'fault-suite-webhook-secret-key-0123456789';
export const FAULT_AMQP_PREFIX = 'ft';

export type Dependency = 'mysql' | 'rabbitmq' | 'redis' | 'chain';

export interface FaultStack {
  directory: string;
  services: { mysql: PrivateService; rabbitmq: PrivateService; redis: PrivateService };
  proxies: Record<Dependency, TcpFaultProxy>;
  fixture: ChainFixture;
  /** The stack's database, reached directly (not through the proxy). */
  db: Knex;
  databaseUrl: string;
  marketId: string;
  market: Address;
  apps: { tradingApi: FaultDeployable; executor: FaultDeployable; dispatcher: FaultDeployable };
  close(): Promise<void>;
}

export async function startFaultStack(): Promise<FaultStack> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ft-faults-'));
  const [mysql, rabbitmq, redis] = await Promise.all([
    privateMariaDb(directory),
    privateRabbitMq(directory),
    privateRedis(directory),
  ]);
  const services = { mysql, rabbitmq, redis };
  const [fixture] = await Promise.all([startChainFixture(), mysql.start(), rabbitmq.start(), redis.start()]);
  const anvil = new URL(fixture.chain.rpcUrl);
  const target = (port: number | string) => ({ host: '127.0.0.1', port: Number(port) });
  const proxies: Record<Dependency, TcpFaultProxy> = {
    mysql: await startTcpFaultProxy({ target: target(mysql.port) }),
    rabbitmq: await startTcpFaultProxy({ target: target(rabbitmq.port) }),
    redis: await startTcpFaultProxy({ target: target(redis.port) }),
    chain: await startTcpFaultProxy({ target: target(anvil.port) }),
  };

  const databaseUrl = withDatabase(mysql.url, 'foretell');
  await ensureDatabase(databaseUrl);
  const db = createKnex({ databaseUrl, poolMax: 5 });
  await migrateLatest(db);
  await recordFixtureDeployment(db, fixture);
  const { marketId, market } = await createListedFixtureMarket(fixture, db, {
    question: 'Does the platform survive its faults?',
    category: 'faults',
  });

  const common = {
    SERVICE_ENV: 'test',
    DATABASE_URL: proxies.mysql.rewrite(databaseUrl),
    AMQP_URL: proxies.rabbitmq.rewrite(rabbitmq.url),
    AMQP_PREFIX: FAULT_AMQP_PREFIX,
    REDIS_URL: proxies.redis.rewrite(redis.url),
    REDIS_PREFIX: 'ft:',
    SHUTDOWN_GRACE_MS: '2000',
  };
  // The chain over WebSocket, as `npm start` and the bench run it; CHAIN_ID lets an app start while it is down.
  const chain = { CHAIN_RPC_URL: `ws://127.0.0.1:${proxies.chain.port}`, CHAIN_ID: String(fixture.reader.chain.id) };
  const app = (name: string, entry: string, readyPath: string, env: Record<string, string>) =>
    faultDeployable({ name, entry, readyPath, env: { ...common, ...env }, logDirectory: directory });
  const apps = {
    tradingApi: await app('trading-api', 'apps/trading-api/src/main.ts', '/v1/ready', {
      ...chain,
      API_KEY_PEPPER: FAULT_PEPPER,
      WEBHOOK_SECRET_KEY: FAULT_WEBHOOK_SECRET_KEY,
    }),
    executor: await app('chain-executor', 'apps/chain-executor/src/main.ts', '/ready', {
      ...chain,
      EXECUTOR_PRIVATE_KEY: anvilPrivateKey(1),
      // Concurrent buys on one market move its price between quote and send: these tests are about faults.
      TRADE_SLIPPAGE_BPS: '5000',
      STALLED_TRADE_AFTER_MS: '3000',
      RECONCILE_POLL_MS: '250',
      OUTBOX_REPUBLISH_AFTER_MS: '1000',
      OUTBOX_POLL_MS: '250',
    }),
    dispatcher: await app('webhook-dispatcher', 'apps/webhook-dispatcher/src/main.ts', '/ready', {
      WEBHOOK_SECRET_KEY: FAULT_WEBHOOK_SECRET_KEY,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_LEASE_MS: '2500',
      WEBHOOK_SWEEP_POLL_MS: '200',
    }),
  };
  await Promise.all(Object.values(apps).map((deployable) => deployable.start()));
  await Promise.all(Object.values(apps).map((deployable) => deployable.waitUntilReady(60_000)));

  return {
    directory,
    services,
    proxies,
    fixture,
    db,
    databaseUrl,
    marketId,
    market,
    apps,
    async close() {
      await Promise.all(Object.values(apps).map((deployable) => deployable.kill()));
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
      await db.destroy();
      await Promise.all([fixture.stop(), mysql.stop(), rabbitmq.stop(), redis.stop()]);
      // Logs stay for a failed run's post-mortem only when asked to.
      if (!process.env.FAULT_KEEP_LOGS) rmSync(directory, { recursive: true, force: true });
    },
  };
}
