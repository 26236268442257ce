/*
 * `npm run bench:public`: in one run, measures a bare node:http JSON hello-world, an Express 5 JSON hello-world and
 * the real public-read deployable (its compiled build, as the image runs it; its own MySQL database, Redis prefix and anvil) on
 * GET /api/markets, GET /api/markets/{id}?history=true and a cached quote, each at 32 connections with autocannon,
 * and prints requests/s, p50/p99 and the ratios to both baselines against the DESIGN.md §10 targets. Each server
 * runs in its own child process; rate limits are set out of reach so they never bind.
 */
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/index.js';
import {
  benchSeconds,
  buildDeployablesForBench,
  measureAgainstBaselines,
  startBaselines,
  waitUntilServing,
} from '#shared/testing/bench/bench-kit.js';
import { freePort } from '#shared/testing/free-port.js';
import { testEnv } from '#shared/testing/test-env.js';
import { benchRedisPrefix, createBenchWorld } from './bench-fixture.js';

const SECONDS = benchSeconds();

async function main(): Promise<void> {
  const startDeployable = buildDeployablesForBench();
  const prefix = benchRedisPrefix();
  console.log('preparing MySQL, Redis and anvil…');
  const world = await createBenchWorld();
  const baselines = await startBaselines();
  const children = [...baselines.processes];
  try {
    const appPort = await freePort();
    children.push(
      startDeployable('public-read', {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: world.database.url,
        REDIS_URL: testEnv.redisUrl,
        REDIS_PREFIX: prefix,
        CHAIN_RPC_URL: world.chain.chain.rpcUrl,
        RATE_LIMIT_THREADS_LIST: '1000000000',
        RATE_LIMIT_DEFAULT: '1000000000',
      }),
    );
    const base = `http://127.0.0.1:${appPort}`;
    const quote = `${base}/api/markets/${world.quoteMarketId}/quote?outcomeIndex=0&action=buy&amount=10000000`;
    await waitUntilServing(quote);
    const detail = `${base}/api/markets/${world.historyMarketId}?history=true`;
    const scenarios = [
      { name: 'GET /api/markets', url: `${base}/api/markets`, target: 0.5 },
      { name: 'GET /api/markets/{id}?history=true', url: detail, target: 0.5 },
      { name: 'GET quote (cached)', url: quote, target: 0.6 },
    ];
    process.exitCode = (await measureAgainstBaselines(baselines, scenarios, SECONDS)) ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    const redis = createRedis({ redisUrl: testEnv.redisUrl });
    await waitForRedis(redis);
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
    await world.close();
  }
}

await main();
