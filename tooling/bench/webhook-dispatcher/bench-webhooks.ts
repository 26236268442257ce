/*
 * `npm run bench:webhooks [-- --per-key 100 --keys 100 --rate 300 --seconds 15]`: webhook deliveries as production
 * runs them: the dispatcher's compiled build in its own process (MySQL state, RabbitMQ wake-ups, Redis leases and
 * breakers) and receivers in a process of their own that verify every signature and each key's order. Measured in
 * the same run: the receivers' own ceiling (plain POSTs/s from autocannon at the same concurrency), for the ratio.
 *   1. throughput: a backlog of --per-key events for each of --keys keys, drained by a freshly started dispatcher;
 *   2. the same with a tenth of the endpoints answering 500: the healthy keys' rate must hold;
 *   3. latency: events recorded live (transaction + outbox, as the trade lifecycle does) at --rate for --seconds,
 *      recorded → delivered.
 * Each phase has keys of its own. The last line is
 * `deliveries_per_s=N p99_ms=N order_violations=N bad_signatures=N healthy_rate_with_failing=N`.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER, DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import { createKnex } from '#shared/db/create-knex.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createAmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { buildDeployablesForBench, numericFlag, percentile } from '#tooling/bench/bench-kit.js';
import { spawnProcess, waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { freePort } from '#tooling/testing/free-port.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { createTestDatabase } from '#tooling/testing/test-database.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { insertEventBacklog } from './event-backlog.js';
import { produceEvents } from './event-producer.js';

const SECONDS = numericFlag('seconds', 15);
const RATE = numericFlag('rate', 300);
const KEYS = numericFlag('keys', 100);
const PER_KEY = numericFlag('per-key', 100);
const CONCURRENCY = numericFlag('concurrency', 100);

interface ReceiverStats {
  delivered: number;
  duplicates: number;
  refusedWith500: number;
  orderViolations: number;
  badSignatures: number;
  latencies: number[];
  healthyDeliveredAt: number[];
  /** First receipt of each event id (epoch ms). */
  receivedAt: Record<string, number>;
}

interface Receivers {
  child: ChildProcess;
  base: string;
  /** Asks the receivers' process (IPC) and resolves with its one answer. */
  ask(message: { failing: number[] } | { stats: true }): Promise<unknown>;
}

async function startReceivers(secretsFile: string): Promise<Receivers> {
  const { child } = spawnProcess({
    name: 'receivers',
    entry: 'tooling/bench/webhook-dispatcher/receivers-process.ts',
    args: [secretsFile],
    ipc: true,
  });
  const ask = (message: object) =>
    new Promise<unknown>((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  // cast: the receivers' process sends `{ port }` first, once listening
  const { port } = (await new Promise((resolve) => child.once('message', resolve))) as { port: number };
  return { child, base: `http://127.0.0.1:${port}`, ask };
}

/** Waits until `expected` first deliveries arrived, or nothing new arrived for 30 s. */
async function drain(receivers: Receivers, expected: number): Promise<ReceiverStats> {
  let last = -1;
  let still = Date.now();
  for (;;) {
    // cast: the receivers' process answers `{ stats: true }` with its ReceiverStats
    const stats = (await receivers.ask({ stats: true })) as ReceiverStats;
    if (stats.delivered >= expected) return stats;
    if (stats.delivered !== last) [last, still] = [stats.delivered, Date.now()];
    else if (Date.now() - still > 30_000) return stats;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sortedMs = (values: readonly number[]) => [...values].sort((a, b) => a - b);

async function main(): Promise<void> {
  const startDeployable = buildDeployablesForBench();
  const database = await createTestDatabase();
  const token = Date.now().toString(36);
  const amqpPrefix = `benchwh${token}`;
  const redisPrefix = `bench:webhooks:${token}:`;
  const secrets = Array.from({ length: 3 * KEYS }, () => generateWebhookSecret());
  const secretsFile = join(tmpdir(), `foretell-bench-webhooks-${token}.json`);
  writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  const receivers = await startReceivers(secretsFile);
  const children: ChildProcess[] = [receivers.child];
  const closers: Array<() => Promise<void>> = [];
  const logger = createLogger({ name: 'bench-webhooks', level: 'warn' });
  const amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix: amqpPrefix, logger });
  try {
    const db = database.db;
    const box = createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY);
    const keyIds: string[] = [];
    for (let index = 0; index < 3 * KEYS; index += 1) {
      const user = await createUser(db, { email: `bench-wh-${index}-${token}@bench.example` });
      const { record } = await issueApiKey(db, DEVELOPMENT_PEPPER, {
        userId: user.id,
        tier: 'mm',
        env: 'test',
        webhookUrl: `${receivers.base}/k/${index}`,
        webhookSecretEnc: box.seal(secrets[index] ?? ''),
      });
      keyIds.push(record.id);
    }

    console.log(`receivers' ceiling: plain POSTs, ${CONCURRENCY} connections, 5 s…`);
    const ceiling = await autocannon({
      url: `${receivers.base}/k/ceiling`,
      method: 'POST',
      body: '{"id":"evt_x","createdAt":"2026-01-01T00:00:00Z","data":{"benchSeq":1}}',
      connections: CONCURRENCY,
      duration: 5,
    });
    const ceilingRate = ceiling.requests.average;

    await amqp.connect();
    const startDispatcher = async () => {
      const port = await freePort();
      const child = startDeployable('webhook-dispatcher', {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        AMQP_URL: testEnv.amqpUrl,
        AMQP_PREFIX: amqpPrefix,
        REDIS_URL: testEnv.redisUrl,
        REDIS_PREFIX: redisPrefix,
        SERVICE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEBHOOK_CONCURRENCY: String(CONCURRENCY),
        DB_POOL_MAX: '24',
      });
      children.push(child);
      await waitUntilAnswering(`http://127.0.0.1:${port}/ready`);
      return async () => {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      };
    };
    // The producer stands for many API and executor replicas: a pool of its own, wider than the suite's.
    const producerDb = createKnex({ databaseUrl: database.url, poolMax: 48 });
    closers.push(() => producerDb.destroy());
    const outbox = createOutboxTransaction(producerDb, amqp);

    const report = (name: string, stats: ReceiverStats, rate: number, latencies: number[]) =>
      console.log(
        `  ${name}: delivered ${stats.delivered} (${stats.duplicates} again), 500s answered ${stats.refusedWith500}; ` +
          `${rate.toFixed(0)} deliveries/s = ${((rate / ceilingRate) * 100).toFixed(1)} % of the receivers' ceiling ` +
          `(${ceilingRate.toFixed(0)}/s); p50 ${percentile(latencies, 50)} ms p99 ${percentile(latencies, 99)} ms; ` +
          `order violations ${stats.orderViolations}, bad signatures ${stats.badSignatures}`,
      );
    const rateOf = (stats: ReceiverStats) => {
      const at = stats.healthyDeliveredAt;
      return at.length / (Math.max(1, Math.max(...at) - Math.min(...at)) / 1000);
    };

    const drainPhase = async (name: string, phase: number, failing: number[]) => {
      const keys = keyIds.slice(phase * KEYS, (phase + 1) * KEYS);
      await receivers.ask({ failing: failing.map((index) => phase * KEYS + index) });
      const backlog = await insertEventBacklog(db, keys, PER_KEY);
      console.log(`${name}: a backlog of ${backlog} events across ${KEYS} keys (${failing.length} endpoints failing)…`);
      const stop = await startDispatcher();
      const stats = await drain(receivers, backlog - failing.length * PER_KEY);
      await stop();
      const rate = rateOf(stats);
      report(name, stats, rate, sortedMs(stats.latencies));
      return { rate, stats };
    };

    const healthy = await drainPhase('throughput', 0, []);
    const failingKeys = Array.from({ length: Math.round(KEYS / 10) }, (_, index) => index * 10);
    const withFailing = await drainPhase('throughput, 10 % failing', 1, failingKeys);

    // The failing phase's endpoints keep failing: their retries must not count as this phase's deliveries.
    const stillFailing = failingKeys.map((index) => KEYS + index);
    await receivers.ask({ failing: stillFailing });
    const stop = await startDispatcher();
    console.log(`latency: ${RATE} events/s recorded live for ${SECONDS} s across ${KEYS} keys…`);
    const produced = await produceEvents(
      { db: producerDb, outbox },
      { keyIds: keyIds.slice(2 * KEYS), ratePerSecond: RATE, seconds: SECONDS, inFlight: 16 },
    );
    const liveStats = await drain(receivers, produced.recorded);
    await stop();
    // Recorded → delivered: from the recording transaction's commit (and its publish) to the first receipt.
    const latencies = [...produced.committedAt]
      .map(([id, committed]) => (liveStats.receivedAt[id] ?? Number.NaN) - committed)
      .filter((latency) => Number.isFinite(latency))
      .sort((a, b) => a - b);
    const fromCreation = sortedMs(liveStats.latencies);
    const offered = produced.recorded / ((produced.lastAt - produced.firstAt) / 1000);
    console.log(
      `  recorded ${produced.recorded} events at ${offered.toFixed(0)}/s; from the start of each recording transaction: ` +
        `p50 ${percentile(fromCreation, 50)} ms p99 ${percentile(fromCreation, 99)} ms`,
    );
    report('latency (recorded → delivered)', liveStats, rateOf(liveStats), latencies);
    const live = { p99: percentile(latencies, 99), stats: liveStats };

    const phases = [healthy.stats, withFailing.stats, live.stats];
    const violations = phases.reduce((sum, stats) => sum + stats.orderViolations, 0);
    const badSignatures = phases.reduce((sum, stats) => sum + stats.badSignatures, 0);
    // The healthy keys of the failing phase must keep (at least 90 % of) the all-healthy drain rate.
    const met =
      healthy.rate >= 1_000 &&
      live.p99 < 500 &&
      violations === 0 &&
      badSignatures === 0 &&
      withFailing.rate >= 0.9 * healthy.rate;
    console.log(
      `targets (≥ 1,000 deliveries/s, p99 < 500 ms, order and signatures intact, healthy rate holds with 10 % failing): ${met ? 'met' : 'NOT met'}`,
    );
    console.log(
      `deliveries_per_s=${Math.round(healthy.rate)} p99_ms=${live.p99} order_violations=${violations} ` +
        `bad_signatures=${badSignatures} healthy_rate_with_failing=${Math.round(withFailing.rate)}`,
    );
    process.exitCode = violations === 0 && badSignatures === 0 ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await amqp.close().catch(() => undefined);
    for (const close of closers) await close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.destroy();
    await deleteTestTopology(amqpPrefix).catch(() => undefined);
  }
}

await main();
