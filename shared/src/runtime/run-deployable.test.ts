/* A deployable's shutdown as its own process: SIGTERM, workers stopped within the grace, clients closed, exit. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnProcess } from '#tooling/testing/deployable-process.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';

const events = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { event?: unknown; msg?: unknown }).event ?? ''));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database.destroy());

async function stopAfterStart(stopTakesMs: number) {
  const deployable = spawnProcess({
    name: 'slow-stopping',
    entry: 'tooling/testing/slow-stopping-deployable.ts',
    env: { SHUTDOWN_GRACE_MS: '1000', STOP_TAKES_MS: String(stopTakesMs), DATABASE_URL: database.url },
    output: 'collect',
  });
  await waitFor('the deployable to start', () => deployable.output().stdout.includes('slow-stopping started'));
  const signalledAt = Date.now();
  deployable.child.kill('SIGTERM');
  // Killed after 20 s if it has not exited by then (the kubelet's SIGKILL).
  const killer = setTimeout(() => deployable.child.kill('SIGKILL'), 20_000);
  const code = await deployable.exited;
  clearTimeout(killer);
  return { code, tookMs: Date.now() - signalledAt, events: events(deployable.output().stdout) };
}

describe('runDeployable on SIGTERM', () => {
  it('leaves a worker that does not stop within the grace behind with one line, stops the others and exits 0', async () => {
    // The left worker's query holds a pooled connection: the pool's close waits for it, and is left in turn.
    const { code, tookMs, events: seen } = await stopAfterStart(60_000);
    expect(code).toBe(0);
    // The grace (1 s), the second stop, the clients' close bound (5 s), and the start of the process.
    expect(tookMs).toBeLessThan(15_000);
    expect(seen.filter((event) => event === 'shutdown.worker_stop_timed_out')).toHaveLength(1);
    expect(seen).toContain('test.second_worker_stopped');
    expect(seen).toContain('shutdown.close_timed_out');
  }, 30_000);

  it('waits for workers that stop within the grace, with no warning', async () => {
    const { code, events: seen } = await stopAfterStart(300);
    expect(code).toBe(0);
    expect(seen).not.toContain('shutdown.worker_stop_timed_out');
    expect(seen).toContain('test.second_worker_stopped');
  });
});
