/*
 * `--stack=npm-start` of the HTTP benches: the whole local stack exactly as `npm start` runs it (its parent process,
 * the deployables from their sources under tsx, the log relay), on a database, queue prefix, Redis prefix, anvil and
 * ports of its own, so a developer's running stack is never touched. Extra env (rate limits out of reach) reaches
 * the deployables the way a developer's own env does.
 */
import type { ChildProcess } from 'node:child_process';
import { createKnex, dropDatabase, withDatabase, type Knex } from '#shared/db/create-knex.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/create-redis.js';
import { dropLocalDatabaseUsers } from '../local-stack/prepare-database.js';
import { runNpmStart } from '../local-stack/run-npm-start.js';
import { freePort } from '../testing/free-port.js';
import { deleteTestTopology } from '../testing/test-amqp.js';
import { suiteToken, testEnv, TEST_DATABASE_PREFIX } from '../testing/test-env.js';

export interface BenchLocalStack {
  tradingApi: string;
  publicRead: string;
  /** The stack's own database, for fixtures (e.g. a key whose limit is out of reach). */
  db: Knex;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The benches' choice of target: the production build (default) or `--stack=npm-start`. */
export function benchStack(argv: readonly string[] = process.argv): 'build' | 'npm-start' {
  return argv.includes('--stack=npm-start') ? 'npm-start' : 'build';
}

export async function startLocalStackForBench(env: Record<string, string> = {}): Promise<BenchLocalStack> {
  const token = suiteToken();
  const databaseUrl = withDatabase(testEnv.databaseUrl, `${TEST_DATABASE_PREFIX}bench_${token}`);
  const amqpPrefix = `bench${token.replace(/_/g, '')}.`;
  const redisPrefix = `bench:${token}:`;
  const [tradingPort, publicPort, executorPort, dispatcherPort, inboxPort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  console.log('starting the local stack as `npm start` runs it…');
  // Its relayed log lines are read here, as a terminal would show them: the relay's cost is measured.
  const stack = await runNpmStart(
    {
      ...env,
      DATABASE_URL: databaseUrl,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: amqpPrefix,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: redisPrefix,
      CHAIN_PORT: '0',
      TRADING_API_PORT: String(tradingPort),
      PUBLIC_READ_PORT: String(publicPort),
      CHAIN_EXECUTOR_PORT: String(executorPort),
      WEBHOOK_DISPATCHER_PORT: String(dispatcherPort),
      WEBHOOK_INBOX_PORT: String(inboxPort),
    },
    120_000,
  );
  const db = createKnex({ databaseUrl, poolMax: 2 });
  return {
    tradingApi: `http://127.0.0.1:${tradingPort}`,
    publicRead: `http://127.0.0.1:${publicPort}`,
    db,
    process: stack.process.child,
    async stop() {
      await stack.process.stop();
      await db.destroy();
      await dropDatabase(databaseUrl);
      await dropLocalDatabaseUsers(databaseUrl);
      await deleteTestTopology(amqpPrefix);
      const redis = createRedis({ redisUrl: testEnv.redisUrl });
      await waitForRedis(redis);
      await deleteKeysWithPrefix(redis, redisPrefix);
      redis.disconnect();
    },
  };
}
