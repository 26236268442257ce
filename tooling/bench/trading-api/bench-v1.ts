/*
 * `npm run bench:v1`: in one run, a bare node:http JSON hello-world, an Express 5 JSON hello-world and the real
 * trading API (its compiled build, as the image runs it, on its own database and Redis prefix), each in its own child process,
 * loaded by autocannon at 32 connections. The API is measured on authenticated GET /v1/markets/{id} and GET /v1/markets (key lookup,
 * lockout check, Redis sliding window, validation, MySQL, ETag) with a limit set out of reach. Prints requests/s,
 * p50/p99 and the ratios against DESIGN.md §10 (≥ 60 % of Express, p99 < 25 ms). `--stack=npm-start` measures
 * the same requests against the whole stack as `npm start` runs it instead of the build.
 */
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { type Knex } from '#shared/db/create-knex.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/create-redis.js';
import {
  benchSeconds,
  buildDeployablesForBench,
  measureAgainstBaselines,
  startBaselines,
} from '#tooling/bench/bench-kit.js';
import { waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { benchStack, startLocalStackForBench } from '#tooling/bench/local-stack-for-bench.js';
import { createTestDatabase } from '#tooling/testing/test-database.js';
import { freePort } from '#tooling/testing/free-port.js';
import { testEnv } from '#tooling/testing/test-env.js';

const SECONDS = benchSeconds();

/** The API under test: the production build on a database of its own (default), or the whole `npm start` stack. */
async function startTarget(redisPrefix: string): Promise<{ api: string; db: Knex; stop(): Promise<void> }> {
  if (benchStack() === 'npm-start') {
    const stack = await startLocalStackForBench();
    return { api: stack.tradingApi, db: stack.db, stop: () => stack.stop() };
  }
  const startDeployable = buildDeployablesForBench();
  const database = await createTestDatabase();
  const apiPort = await freePort();
  const child = startDeployable('trading-api', {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: redisPrefix,
    SERVICE_ENV: 'test',
    LOG_LEVEL: 'info',
    API_KEY_PEPPER: DEVELOPMENT_PEPPER,
  });
  return {
    api: `http://127.0.0.1:${apiPort}`,
    db: database.db,
    async stop() {
      child.kill('SIGTERM');
      const redis = createRedis({ redisUrl: testEnv.redisUrl });
      await waitForRedis(redis);
      await deleteKeysWithPrefix(redis, redisPrefix);
      redis.disconnect();
      await database.destroy();
    },
  };
}

async function main(): Promise<void> {
  const target = await startTarget(`bench:v1:${Date.now()}:`);
  const baselines = await startBaselines();
  try {
    const user = await createUser(target.db, { email: `bench-${Date.now()}@bench.example` });
    const { key } = await issueApiKey(target.db, DEVELOPMENT_PEPPER, {
      userId: user.id,
      tier: 'enterprise',
      env: 'test',
      rateLimitRpm: 1_000_000,
    });
    const market = await insertMarket(target.db, {
      question: 'Bench market?',
      category: 'bench',
      outcomes: ['YES', 'NO'],
      currentProbabilities: ['500000000000000000', '500000000000000000'],
    });
    const { api } = target;
    await waitUntilAnswering(`${api}/health`);
    const headers = { 'X-API-Key': key };
    const scenarios = [
      { name: 'GET /v1/markets/{id}', url: `${api}/v1/markets/${market.id}`, headers, target: 0.6 },
      { name: 'GET /v1/markets', url: `${api}/v1/markets`, headers, target: 0.6 },
    ];
    process.exitCode = (await measureAgainstBaselines(baselines, scenarios, SECONDS)) ? 0 : 1;
  } finally {
    for (const child of baselines.processes) child.kill('SIGTERM');
    await target.stop();
  }
}

await main();
