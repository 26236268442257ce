/*
 * `--stack=npm-start` of the HTTP benches: the whole local stack exactly as `npm start` runs it (its parent process,
 * the deployables from their sources under tsx, the log relay), on a database, queue prefix, Redis prefix, anvil and
 * ports of its own, so a developer's running stack is never touched. Extra env (rate limits out of reach) reaches
 * the deployables the way a developer's own env does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createKnex, dropDatabase, withDatabase, type Knex } from '#shared/db/create-knex.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/create-redis.js';
import { repositoryRoot } from '../repository-root.js';
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

const UP_LINE = 'Foretell is up.';

export async function startLocalStackForBench(env: Record<string, string> = {}): Promise<BenchLocalStack> {
  const token = suiteToken();
  const databaseUrl = withDatabase(testEnv.databaseUrl, `${TEST_DATABASE_PREFIX}bench_${token}`);
  const amqpPrefix = `bench${token.replace(/_/g, '')}.`;
  const redisPrefix = `bench:${token}:`;
  const [tradingPort, publicPort, executorPort, dispatcherPort, inboxPort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'tooling/local-stack/start-local-stack.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
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
    // The relayed log lines are read and dropped here, as a terminal would show them: the relay's cost is measured.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (!output.includes(UP_LINE)) output += chunk.toString('utf8');
  });
  console.log('starting the local stack as `npm start` runs it…');
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const check = setInterval(() => {
      if (output.includes(UP_LINE)) resolve();
      else if (child.exitCode !== null) reject(new Error(`npm start exited early (${child.exitCode}):\n${output}`));
      else if (Date.now() > deadline) reject(new Error(`npm start was not up within 120 s:\n${output}`));
      else return;
      clearInterval(check);
    }, 100);
  });
  const db = createKnex({ databaseUrl, poolMax: 2 });
  return {
    tradingApi: `http://127.0.0.1:${tradingPort}`,
    publicRead: `http://127.0.0.1:${publicPort}`,
    db,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await db.destroy();
      await dropDatabase(databaseUrl);
      await deleteTestTopology(amqpPrefix);
      const redis = createRedis({ redisUrl: testEnv.redisUrl });
      await waitForRedis(redis);
      await deleteKeysWithPrefix(redis, redisPrefix);
      redis.disconnect();
    },
  };
}
