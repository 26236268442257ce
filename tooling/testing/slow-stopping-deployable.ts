/**
 * Test-only deployable (run-deployable.test.ts): no backing service, two workers. The first one's stop waits for
 * as long as STOP_TAKES_MS says (a consumer whose in-flight job waits on the chain); the second prints when stopped.
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
    DATABASE_URL: 'mysql://unused',
    DB_POOL_MAX: 1,
    REDIS_URL: 'redis://unused',
    REDIS_PREFIX: 'unused',
    AMQP_URL: 'amqp://unused',
    AMQP_PREFIX: 'unused',
  },
  needs: {},
  buildApp: () => express(),
  startWorkers: () =>
    Promise.resolve([
      () => new Promise<void>((resolve) => setTimeout(resolve, stopTakesMs)),
      () => {
        process.stdout.write('{"event":"test.second_worker_stopped"}\n');
        return Promise.resolve();
      },
    ]),
});
