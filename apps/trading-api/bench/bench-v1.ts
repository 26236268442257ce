/*
 * `npm run bench:v1`: in one run, a bare node:http JSON hello-world, an Express 5 JSON hello-world and the real
 * trading API (apps/trading-api/src/main.ts on its own database and Redis prefix), each in its own child process,
 * loaded by autocannon at 32 connections. The API is measured on authenticated GET /v1/markets/{id} and GET /v1/markets (key lookup,
 * lockout check, Redis sliding window, validation, MySQL, ETag) with a limit set out of reach. Prints requests/s,
 * p50/p99 and the ratios against DESIGN.md §10 (≥ 50 % of Express, p99 < 25 ms).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { issueApiKey } from '../../../shared/src/auth/index.js';
import { DEVELOPMENT_PEPPER } from '../../../shared/src/config/config-fields.js';
import { createUser, insertMarket } from '../../../shared/src/db/index.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '../../../shared/src/redis/index.js';
import { createTestDatabase } from '../../../shared/src/testing/test-database.js';
import { testEnv } from '../../../shared/src/testing/test-env.js';

const CONNECTIONS = 32;
const secondsFlag = process.argv.indexOf('--seconds');
const DURATION_SECONDS = secondsFlag > 0 ? Number(process.argv[secondsFlag + 1]) : 10;
const WARMUP_SECONDS = 3;

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
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

function startChild(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
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

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const redisPrefix = `bench:v1:${Date.now()}:`;
  const children: ChildProcess[] = [];
  try {
    const user = await createUser(database.db, { email: `bench-${Date.now()}@bench.example` });
    const { key } = await issueApiKey(database.db, DEVELOPMENT_PEPPER, {
      userId: user.id,
      tier: 'enterprise',
      env: 'test',
      rateLimitRpm: 1_000_000,
    });
    const market = await insertMarket(database.db, {
      question: 'Bench market?',
      category: 'bench',
      outcomes: ['YES', 'NO'],
      currentProbabilities: ['500000000000000000', '500000000000000000'],
    });
    const [httpPort, expressPort, apiPort] = await Promise.all([freePort(), freePort(), freePort()]);
    children.push(startChild(here('./hello-server.ts'), ['http', String(httpPort)]));
    children.push(startChild(here('./hello-server.ts'), ['express', String(expressPort)]));
    children.push(
      startChild(here('../src/main.ts'), [], {
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        REDIS_URL: testEnv.redisUrl,
        REDIS_PREFIX: redisPrefix,
        SERVICE_ENV: 'test',
        LOG_LEVEL: 'warn',
        API_KEY_PEPPER: DEVELOPMENT_PEPPER,
      }),
    );
    const api = `http://127.0.0.1:${apiPort}`;
    await Promise.all([
      waitUntilServing(`http://127.0.0.1:${httpPort}/`),
      waitUntilServing(`http://127.0.0.1:${expressPort}/`),
      waitUntilServing(`${api}/health`),
    ]);
    const auth = { 'X-API-Key': key };
    const results = [
      await measure('node:http hello', `http://127.0.0.1:${httpPort}/`),
      await measure('express hello', `http://127.0.0.1:${expressPort}/`),
      await measure('GET /v1/markets/{id}', `${api}/v1/markets/${market.id}`, auth),
      await measure('GET /v1/markets', `${api}/v1/markets`, auth),
    ];
    process.exitCode = report(results) ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    const redis = createRedis({ redisUrl: testEnv.redisUrl });
    await waitForRedis(redis);
    await deleteKeysWithPrefix(redis, redisPrefix);
    redis.disconnect();
    await database.destroy();
  }
}

/** Prints the table and a verdict per API scenario; true when every target is met. */
function report(results: Measurement[]): boolean {
  const [bare, express, ...api] = results as [Measurement, Measurement, ...Measurement[]];
  const rows = results.map((row) => ({
    scenario: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    non2xx: row.non2xx,
    'vs node:http': `${((row.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} %`,
    'vs express': `${((row.requestsPerSecond / express.requestsPerSecond) * 100).toFixed(1)} %`,
  }));
  console.table(rows);
  let allMet = true;
  for (const row of api) {
    const ratio = row.requestsPerSecond / express.requestsPerSecond;
    const met = ratio >= 0.5 && row.p99 < 25 && row.non2xx === 0;
    allMet &&= met;
    console.log(
      `${met ? 'PASS' : 'MISS'} ${row.name}: ${(ratio * 100).toFixed(1)} % of Express (target ≥ 50 %), p99 ${row.p99} ms (target < 25 ms)`,
    );
  }
  return allMet;
}

await main();
