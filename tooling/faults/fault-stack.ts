/*
 * One fault suite's whole system: private MariaDB, RabbitMQ and Redis (restartable, see private-services.ts), an
 * anvil chain with the platform and one open market, and the trading API, chain executor and
 * webhook dispatcher as real processes that reach every dependency through a TCP fault proxy. The harness itself
 * (seeding, assertions) talks to the services directly, so a fault only hits the deployables.
 *
 * With `replicas: n` (n > 1) the stack has the production shape instead: n processes of every deployable, the public
 * read API included, the executors sharing a pool of n signer keys (each registered with the OperatorRegistry), and
 * the HTTP apps reading their kill switches from one file (as replicas read one mounted ConfigMap).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { setSignerRegistered } from '../../apps/admin-cli/src/chain/operator-registry-admin.js';
import {
  anvilPrivateKey,
  createListedFixtureMarket,
  recordFixtureDeployment,
  startChainFixture,
  type ChainFixture,
} from '../testing/chain-test-fixtures.js';
import { createKnex, ensureDatabase, withDatabase, type Knex } from '#shared/db/create-knex.js';
import { migrateLatest } from '../../apps/admin-cli/src/migrations/migrate.js';
import { createDeployableStack, type DeployableName, type ManagedDeployable } from '../local-stack/deployable-stack.js';
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
  /** Replica 0 of each deployable (the only one without `replicas`). */
  apps: { tradingApi: ManagedDeployable; executor: ManagedDeployable; dispatcher: ManagedDeployable };
  /** Every replica of each deployable; `publicRead` is empty without `replicas`. */
  replicaSets: FaultReplicaSets;
  /** The file every HTTP replica reads its kill switches from (`ROUTE_DISABLED` list, comma-separated). */
  routeSwitchesFile: string;
  close(): Promise<void>;
}

export interface FaultReplicaSets {
  tradingApi: ManagedDeployable[];
  executor: ManagedDeployable[];
  dispatcher: ManagedDeployable[];
  publicRead: ManagedDeployable[];
}

/** anvil dev accounts the executor replicas sign with (0 is the platform admin, 2 the treasury). */
const SIGNER_ACCOUNTS = [1, 3, 4, 5, 6];

export async function startFaultStack(options: { replicas?: number } = {}): Promise<FaultStack> {
  const replicas = options.replicas ?? 1;
  if (replicas < 1 || replicas > SIGNER_ACCOUNTS.length) throw new Error(`replicas: 1 to ${SIGNER_ACCOUNTS.length}`);
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
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
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
  const signerKeys = SIGNER_ACCOUNTS.slice(0, replicas).map(anvilPrivateKey);
  for (const key of signerKeys.slice(1)) {
    const signer = privateKeyToAccount(key).address;
    await setSignerRegistered(fixture.admin, { registry: fixture.route.registry, signer, registered: true });
  }
  const routeSwitchesFile = path.join(directory, 'ROUTE_DISABLED');
  writeFileSync(routeSwitchesFile, '');
  const routeSwitches = { ROUTE_SWITCHES_SOURCE: 'file', ROUTE_SWITCHES_FILE: routeSwitchesFile };
  // Replicated, the HTTP apps sit behind a Google-shaped gateway as in production (decision 0032): the harness on
  // loopback plays it, appending `<client>,<load balancer>`; without X-Forwarded-For a request counts as its socket's.
  const gateway: Record<string, string> =
    replicas === 1 ? {} : { TRUST_PROXY: 'loopback', GATEWAY_APPENDED_ADDRESSES: '2' };
  const envOf: Record<DeployableName, Record<string, string>> = {
    'trading-api': {
      ...chain,
      ...routeSwitches,
      ...gateway,
      API_KEY_PEPPER: FAULT_PEPPER,
      WEBHOOK_SECRET_KEY: FAULT_WEBHOOK_SECRET_KEY,
    },
    'chain-executor': {
      ...chain,
      EXECUTOR_PRIVATE_KEYS: signerKeys.join(','),
      // Concurrent buys on one market move its price between quote and send: these tests are about faults.
      TRADE_SLIPPAGE_BPS: '5000',
      STALLED_TRADE_AFTER_MS: '3000',
      RECONCILE_POLL_MS: '250',
      OUTBOX_REPUBLISH_AFTER_MS: '1000',
      OUTBOX_POLL_MS: '250',
    },
    'webhook-dispatcher': {
      WEBHOOK_SECRET_KEY: FAULT_WEBHOOK_SECRET_KEY,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_LEASE_MS: '2500',
      WEBHOOK_SWEEP_POLL_MS: '200',
    },
    // Every client here is 127.0.0.1: the per-IP limits would measure the harness, not the replicas.
    'public-read': { ...routeSwitches, ...gateway, API_KEY_PEPPER: FAULT_PEPPER, RATE_LIMIT_DEFAULT: '1000000' },
  };
  const stack = await createDeployableStack({
    replicas: {
      'trading-api': replicas,
      'chain-executor': replicas,
      'webhook-dispatcher': replicas,
      'public-read': replicas === 1 ? 0 : replicas,
    },
    env: (name) => ({ ...common, ...envOf[name] }),
    output: { logDirectory: directory },
  });
  await stack.start(60_000);
  const { sets } = stack;
  const replicaSets: FaultReplicaSets = {
    tradingApi: sets['trading-api'],
    executor: sets['chain-executor'],
    dispatcher: sets['webhook-dispatcher'],
    publicRead: sets['public-read'],
  };
  const first = <T>(set: T[]): T => {
    const [replica] = set;
    if (!replica) throw new Error('a replica set is empty');
    return replica;
  };
  const apps = {
    tradingApi: first(replicaSets.tradingApi),
    executor: first(replicaSets.executor),
    dispatcher: first(replicaSets.dispatcher),
  };

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
    replicaSets,
    routeSwitchesFile,
    async close() {
      await stack.kill();
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
      await db.destroy();
      await Promise.all([fixture.stop(), mysql.stop(), rabbitmq.stop(), redis.stop()]);
      // Logs stay for a failed run's post-mortem only when asked to.
      if (!process.env.FAULT_KEEP_LOGS) rmSync(directory, { recursive: true, force: true });
    },
  };
}
