/*
 * `npm run bench:memory`: the idle resident memory of each deployable as production runs it (`npm run build`, plain
 * node, no tsx, the image's environment and node flags), after warm-up traffic, against a suite database, Redis
 * prefix, RabbitMQ prefix and anvil of its own. Prints one line per deployable and a JSON summary; exits 1 when one
 * idles at or above the target (150 MB, DESIGN §10), the figure the manifests' memory requests rest on
 * (cdk8s/lib/environment.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { recordFixtureDeployment, startChainFixture } from '../testing/chain-test-fixtures.js';
import { freePort } from '../testing/free-port.js';
import { deleteTestTopology } from '../testing/test-amqp.js';
import { createTestDatabase } from '../testing/test-database.js';
import { suiteToken, testEnv } from '../testing/test-env.js';
import { buildDeployablesForBench } from './bench-kit.js';
import { waitUntilAnswering } from '#tooling/testing/deployable-process.js';

const TARGET_MB = 150;
const WARMUP_REQUESTS = 300;
const SETTLE_MS = 5_000;

/** Paths each deployable serves without a key: the warm-up exercises routing, errors, readiness and metrics. */
const WARMUP_PATHS: Record<string, string[]> = {
  'trading-api': ['/v1/openapi.json', '/v1/markets', '/v1/docs', '/ready', '/metrics'],
  'public-read': ['/api/markets', '/api/threads', '/api/markets/featured', '/ready', '/metrics'],
  'chain-executor': ['/ready', '/metrics', '/health'],
  'webhook-dispatcher': ['/ready', '/metrics', '/health'],
};

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

async function warmUp(base: string, paths: string[]): Promise<void> {
  for (let i = 0; i < WARMUP_REQUESTS; i += 1) {
    const response = await fetch(`${base}${paths[i % paths.length]!}`);
    await response.arrayBuffer();
  }
}

const start = buildDeployablesForBench();
const token = suiteToken();
const [database, fixture] = await Promise.all([createTestDatabase(), startChainFixture()]);
await recordFixtureDeployment(database.db, fixture);
const children: ChildProcess[] = [];
const results: Array<{ deployable: string; rssMb: number; underTarget: boolean }> = [];
try {
  for (const deployable of Object.keys(WARMUP_PATHS)) {
    const port = await freePort();
    const child = start(deployable, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: `bench_memory_${token}:`,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: `bench_memory_${token}.`,
      CHAIN_RPC_URL: fixture.chain.rpcUrl,
      CHAIN_ID: String(fixture.reader.chain.id),
      ROUTE_SWITCHES_SOURCE: 'env',
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${base}/ready`);
    await warmUp(base, WARMUP_PATHS[deployable]!);
    await delay(SETTLE_MS);
    const rss = rssMb(child.pid!);
    results.push({ deployable, rssMb: rss, underTarget: rss < TARGET_MB });
    console.log(`${deployable.padEnd(20)} idle RSS ${rss.toFixed(1).padStart(6)} MB  (target < ${TARGET_MB} MB)`);
    child.kill('SIGTERM');
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.allSettled([database.destroy(), fixture.chain.stop(), deleteTestTopology(`bench_memory_${token}.`)]);
}
console.log(JSON.stringify({ targetMb: TARGET_MB, warmupRequests: WARMUP_REQUESTS, results }));
process.exit(results.every((result) => result.underTarget) ? 0 : 1);
