/*
 * `npm run bench:public`: in one run, measures a bare node:http JSON hello-world, an Express 5 JSON hello-world and
 * the real public-read deployable (apps/public-read/src/main.ts, its own MySQL database, Redis prefix and anvil) on
 * GET /api/markets, GET /api/markets/{id}?history=true and a cached quote, each at 32 connections with autocannon,
 * and prints requests/s, p50/p99 and the ratios to both baselines against the DESIGN.md §10 targets. Each server
 * runs in its own child process; rate limits are set out of reach so they never bind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '../../../shared/src/redis/index.js';
import { testEnv } from '../../../shared/src/testing/test-env.js';
import { benchRedisPrefix, createBenchWorld } from './bench-fixture.js';

const CONNECTIONS = 32;
const DURATION_SECONDS = 10;
const WARMUP_SECONDS = 3;

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each server process there (open it in Chrome DevTools). */
// eslint-disable-next-line no-restricted-properties -- a bench option, not app configuration
const profileDir = process.env.BENCH_PROFILE_DIR;

function startChild(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', script, ...args], {
    // eslint-disable-next-line no-restricted-properties -- the child inherits PATH and node settings, plus its own config
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilServing(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within 30 s`);
}

async function measure(name: string, url: string): Promise<Measurement> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx responses and ${result.errors} errors`);
  }
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function report(
  baselines: { node: Measurement; express: Measurement },
  results: Array<Measurement & { target?: number }>,
) {
  const all: Array<Measurement & { target?: number }> = [baselines.node, baselines.express, ...results];
  const rows = all.map((row) => {
    const target = row.target;
    const ofExpress = row.requestsPerSecond / baselines.express.requestsPerSecond;
    return {
      scenario: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs node:http': `${(100 * (row.requestsPerSecond / baselines.node.requestsPerSecond)).toFixed(1)} %`,
      'vs express': `${(100 * ofExpress).toFixed(1)} %`,
      target: target === undefined ? '' : `≥ ${target * 100} % express, p99 < 25 ms`,
      met: target === undefined ? '' : ofExpress >= target && row.p99 < 25 ? 'yes' : 'NO',
    };
  });
  console.table(rows);
  return rows.every((row) => row.met !== 'NO');
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const prefix = benchRedisPrefix();
  console.log('preparing MySQL, Redis and anvil…');
  const world = await createBenchWorld();
  try {
    const [nodePort, expressPort, appPort] = await Promise.all([freePort(), freePort(), freePort()]);
    children.push(startChild(here('./hello-server.ts'), ['node', String(nodePort)]));
    children.push(startChild(here('./hello-server.ts'), ['express', String(expressPort)]));
    children.push(
      startChild(here('../src/main.ts'), [], {
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
    await Promise.all([
      waitUntilServing(`http://127.0.0.1:${nodePort}/`),
      waitUntilServing(`http://127.0.0.1:${expressPort}/`),
      waitUntilServing(quote),
    ]);
    console.log(`measuring: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s each`);
    const node = await measure('node:http hello-world', `http://127.0.0.1:${nodePort}/`);
    const express = await measure('express hello-world', `http://127.0.0.1:${expressPort}/`);
    const results = [
      { ...(await measure('GET /api/markets', `${base}/api/markets`)), target: 0.5 },
      {
        ...(await measure(
          'GET /api/markets/{id}?history=true',
          `${base}/api/markets/${world.historyMarketId}?history=true`,
        )),
        target: 0.5,
      },
      { ...(await measure('GET quote (cached)', quote)), target: 0.6 },
    ];
    const met = report({ node, express }, results);
    console.log(met ? 'all targets met' : 'some targets NOT met');
    process.exitCode = met ? 0 : 1;
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
