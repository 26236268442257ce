/*
 * SIGTERM ends open event streams (decision 0022): the trading API as a real process (its own main.ts, as `npm start`
 * runs it) on MariaDB, RabbitMQ and Redis. The stream gets a short `retry:` and a final SERVICE_SHUTTING_DOWN event,
 * and the process exits well inside its drain grace instead of waiting for the stream; a stream opened while it drains
 * is ended at once the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { createCaller, TEST_PEPPER } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { testDeployables, waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { freePort } from '#tooling/testing/free-port.js';
import { openSseClient } from '#tooling/testing/sse-test-client.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { suiteToken, testEnv } from '#tooling/testing/test-env.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';

const deployables = testDeployables();
const prefix = `t_${suiteToken()}`;
let database: TestDatabase;
let testRedis: TestRedis;

beforeAll(async () => {
  [database, testRedis] = await Promise.all([createTestDatabase(), createTestRedis()]);
}, 60_000);
afterAll(async () => {
  deployables.killAll();
  await deleteTestTopology(prefix).catch(() => undefined);
  await Promise.all([database?.destroy(), testRedis?.destroy()]);
});

describe('SIGTERM', () => {
  it('closes open streams with a short retry and SERVICE_SHUTTING_DOWN, and the process exits inside its grace', async () => {
    const port = await freePort();
    const child: ChildProcess = await deployables.start('apps/trading-api/src/main.ts', {
      PORT: String(port),
      DATABASE_URL: database.url,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: prefix,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: testRedis.prefix,
      API_KEY_PEPPER: TEST_PEPPER,
      SERVICE_ENV: 'test',
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      SHUTDOWN_GRACE_MS: '10000',
      // As on GKE: after SIGTERM it serves, not ready, while the gateway stops routing to it.
      SHUTDOWN_DRAIN_MS: '2000',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${url}/health`, { deadline: Date.now() + 60_000 });
    const { key } = await createCaller({ database }, { scopes: ['trades:read'] });
    const stream = await openSseClient(`${url}/v1/events/stream`, { 'X-API-Key': key });
    expect(stream.status).toBe(200);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await stream.ended;
    expect(stream.retries.at(-1)).toBe(500);
    expect(stream.events.at(-1)).toMatchObject({ event: 'stream.error' });
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ code: 'SERVICE_SHUTTING_DOWN' });
    // The client reconnects at once and the gateway, not caught up yet, brings it here again: it is ended at once.
    const reconnected = await openSseClient(`${url}/v1/events/stream`, { 'X-API-Key': key });
    expect(reconnected.status).toBe(200);
    await reconnected.ended;
    expect(Date.now() - signalledAt).toBeLessThan(2_000);
    expect(JSON.parse(reconnected.events.at(-1)!.data)).toMatchObject({ code: 'SERVICE_SHUTTING_DOWN' });
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
  }, 90_000);
});
