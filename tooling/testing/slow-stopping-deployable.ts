/**
 * Test-only deployable (run-deployable.test.ts) on MySQL, with two workers. The first one's stop waits for as long as
 * STOP_TAKES_MS says while a query of its own holds a pooled connection (a consumer whose in-flight job waits on the
 * chain under its signer lease); the second stops after a short wait of its own and prints when it has.
 */
import express from 'express';
import { runDeployable } from '#shared/runtime/run-deployable.js';

const stopTakesMs = Number(process.env.STOP_TAKES_MS ?? '0');

await runDeployable({
  name: 'slow-stopping',
  settings: {
    LOG_LEVEL: 'info',
    PORT: 0,
    HOST: '127.0.0.1',
    SHUTDOWN_GRACE_MS: Number(process.env.SHUTDOWN_GRACE_MS),
    SHUTDOWN_DRAIN_MS: 0,
    DATABASE_URL: String(process.env.DATABASE_URL),
    DB_POOL_MAX: 2,
    REDIS_URL: 'redis://unused',
    REDIS_PREFIX: 'unused',
    AMQP_URL: 'amqp://unused',
    AMQP_PREFIX: 'unused',
  },
  needs: { mysql: true },
  buildApp: () => express(),
  startWorkers: ({ resources }) => {
    const held = resources.db?.raw('SELECT SLEEP(?)', [stopTakesMs / 1000]);
    return Promise.resolve([
      async () => void (await held),
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        process.stdout.write('{"event":"test.second_worker_stopped"}\n');
      },
    ]);
  },
});
