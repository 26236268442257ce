/*
 * `npm run bench:public`: in one run, measures a bare node:http JSON hello-world, an Express 5 JSON hello-world and
 * the real public-read deployable (its compiled build, as the image runs it; its own MySQL database, Redis prefix and anvil) on
 * GET /api/markets, GET /api/markets/{id}?history=true and a cached quote, each at 32 connections with autocannon,
 * and prints requests/s, p50/p99 and the ratios to both baselines against the DESIGN.md §10 targets (≥ 70 %, the cached
 * quote ≥ 80 %). Each server runs in its own child process; rate limits are set out of reach so they never bind.
 * `--stack=npm-start` measures the same requests against the whole stack as `npm start` runs it instead.
 */
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/create-redis.js';
import {
  benchSeconds,
  buildDeployablesForBench,
  measureAgainstBaselines,
  startBaselines,
} from '#tooling/bench/bench-kit.js';
import { waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { freePort } from '#tooling/testing/free-port.js';
import { benchStack, startLocalStackForBench } from '#tooling/bench/local-stack-for-bench.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { benchRedisPrefix, createBenchWorld } from './bench-fixture.js';

const SECONDS = benchSeconds();

/** Rate limits set out of reach so they never bind (the limiter still runs on every request). */
const LIMITS_OUT_OF_REACH = { RATE_LIMIT_THREADS_LIST: '1000000000', RATE_LIMIT_DEFAULT: '1000000000' };

interface Target {
  base: string;
  historyMarketId: string;
  quoteMarketId: string;
  stop(): Promise<void>;
}

/** The whole `npm start` stack, measured on its demo markets (every one is on the chain, with trades). */
async function startNpmStartTarget(): Promise<Target> {
  const stack = await startLocalStackForBench(LIMITS_OUT_OF_REACH);
  const market = await stack.db('markets').whereNotNull('contract_address').orderBy('created_at').first('id');
  if (!market) throw new Error('the local stack has no demo market on the chain');
  const id = String(market.id);
  return { base: stack.publicRead, historyMarketId: id, quoteMarketId: id, stop: () => stack.stop() };
}

/** The production build on a world of its own (its MySQL database, Redis prefix and anvil). */
async function startBuildTarget(): Promise<Target> {
  const startDeployable = buildDeployablesForBench();
  const prefix = benchRedisPrefix();
  console.log('preparing MySQL, Redis and anvil…');
  const world = await createBenchWorld();
  const appPort = await freePort();
  const child = startDeployable('public-read', {
    ...LIMITS_OUT_OF_REACH,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: world.database.url,
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: prefix,
    CHAIN_RPC_URL: world.chain.chain.rpcUrl,
  });
  return {
    base: `http://127.0.0.1:${appPort}`,
    historyMarketId: world.historyMarketId,
    quoteMarketId: world.quoteMarketId,
    async stop() {
      child.kill('SIGTERM');
      const redis = createRedis({ redisUrl: testEnv.redisUrl });
      await waitForRedis(redis);
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
      await world.close();
    },
  };
}

async function main(): Promise<void> {
  const target = benchStack() === 'npm-start' ? await startNpmStartTarget() : await startBuildTarget();
  const baselines = await startBaselines();
  try {
    const { base } = target;
    const quote = `${base}/api/markets/${target.quoteMarketId}/quote?outcomeIndex=0&action=buy&amount=10000000`;
    await waitUntilAnswering(quote);
    const detail = `${base}/api/markets/${target.historyMarketId}?history=true`;
    const scenarios = [
      { name: 'GET /api/markets', url: `${base}/api/markets`, target: 0.7 },
      { name: 'GET /api/markets/{id}?history=true', url: detail, target: 0.7 },
      { name: 'GET quote (cached)', url: quote, target: 0.8 },
    ];
    process.exitCode = (await measureAgainstBaselines(baselines, scenarios, SECONDS)) ? 0 : 1;
  } finally {
    for (const child of baselines.processes) child.kill('SIGTERM');
    await target.stop();
  }
}

await main();
