/*
 * `npm run bench:streams [-- --streams 1000 --keys 100 --rate 100 --seconds 30]`: live event streams under load, the
 * way `npm start` runs the trading API (its compiled build in its own process, own database, Redis and queue
 * prefixes). This process is the load generator: it opens N SSE clients across K keys (each from `after=0`), makes
 * trades flow by moving trades to their terminal state in outbox transactions as the chain executor does (each
 * records an event and publishes its notice after the commit), forces a tenth of the clients to reconnect with
 * `Last-Event-ID` halfway through, then waits until every client has caught up with its key's last event.
 * Reported: event recorded (its envelope's createdAt) → received latency, the trading API's peak RSS, and every
 * client's sequence checked against its key's events (1..last seq: a missing seq is a gap, a repeat a duplicate).
 * Targets: p99 < 200 ms, RSS < 300 MB at 1,000 streams, no gap, no duplicate.
 * The last line is `streams=N p50_ms=N p99_ms=N rss_mb=N gaps=N duplicates=N`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { insertTrade } from '#shared/db/trades/trades.repository.js';
import { lastWebhookSeqOfKey } from '#shared/db/api-keys/api-keys.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createAmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { buildDeployablesForBench, numericFlag, percentile } from '#tooling/bench/bench-kit.js';
import { waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { freePort } from '#tooling/testing/free-port.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { createTestDatabase } from '#tooling/testing/test-database.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { moveTrade } from '#shared/trade-lifecycle/trade-steps.js';
import { checkSequence, collect, connectClient, type StreamBenchClient } from './stream-clients.js';

const STREAMS = numericFlag('streams', 1_000);
const KEYS = numericFlag('keys', 100);
const RATE = numericFlag('rate', 100);
const SECONDS = numericFlag('seconds', 30);
const PRODUCERS = numericFlag('producers', 16);

/** Resident set of a process (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  const startDeployable = buildDeployablesForBench();
  const database = await createTestDatabase();
  const token = Date.now().toString(36);
  const amqpPrefix = `bench${token}`;
  const logger = createLogger({ name: 'bench-streams', level: 'warn' });
  const amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix: amqpPrefix, logger });
  const children: ReturnType<typeof startDeployable>[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    const db = database.db;
    await amqp.connect();
    const outbox = createOutboxTransaction(db, amqp);
    const market = await insertMarket(db, { question: 'Streamed?', category: 'bench', outcomes: ['YES', 'NO'] });
    const keys: Array<{ key: string; apiKeyId: string; userId: string }> = [];
    for (let index = 0; index < KEYS; index += 1) {
      const user = await createUser(db, { email: `bench-${index}-${token}@bench.example` });
      const issued = await issueApiKey(db, DEVELOPMENT_PEPPER, {
        userId: user.id,
        tier: 'mm',
        env: 'test',
        scopes: ['trades:read'],
        rateLimitRpm: 1_000_000,
      });
      keys.push({ key: issued.key, apiKeyId: issued.record.id, userId: user.id });
    }

    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const child = startDeployable('trading-api', {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: amqpPrefix,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: `bench:streams:${token}:`,
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      SERVICE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_KEY_PEPPER: DEVELOPMENT_PEPPER,
      STREAM_MAX_PER_USER: String(Math.ceil(STREAMS / KEYS) * 2),
    });
    children.push(child);
    await waitUntilAnswering(`${api}/health`);

    console.log(`opening ${STREAMS} streams across ${KEYS} keys…`);
    const clients: StreamBenchClient[] = Array.from({ length: STREAMS }, (_, index) => {
      const { key, apiKeyId } = keys[index % KEYS]!;
      return { key, apiKeyId, received: [], latencies: [], seen: 0 };
    });
    for (let index = 0; index < clients.length; index += 50) {
      await Promise.all(clients.slice(index, index + 50).map((client) => connectClient(api, client)));
    }
    const idleRss = rssMb(child.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(child.pid!))), 250);
    const collector = setInterval(() => clients.forEach(collect), 50);
    timers.push(sampler, collector);

    console.log(`trades flowing: ${RATE} events/s for ${SECONDS} s (${PRODUCERS} producers)…`);
    const total = RATE * SECONDS;
    const started = Date.now();
    let produced = 0;
    let reconnected = false;
    const produce = async (): Promise<void> => {
      while (produced < total) {
        const index = produced++;
        const due = started + (index * 1000) / RATE;
        if (due > Date.now()) await sleep(due - Date.now());
        if (!reconnected && index >= total / 2) {
          reconnected = true;
          void reconnectTenth(api, clients);
        }
        const owner = keys[index % KEYS]!;
        const trade = await insertTrade(db, {
          apiKeyId: owner.apiKeyId,
          userId: owner.userId,
          marketId: market.id,
          outcomeIndex: 0,
          side: 'buy',
          amount: '1',
          amountAtomic: 1_000_000n,
          requestHash: 'c'.repeat(64),
        });
        await outbox((trx, enqueue) =>
          moveTrade(trx, enqueue, trade.id, {
            from: 'pending',
            to: 'failed',
            event: 'trade.failed',
            now: new Date(),
            update: { errorCode: 'SLIPPAGE_EXCEEDED', errorMessage: 'bench' },
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: PRODUCERS }, produce));
    const producedIn = (Date.now() - started) / 1000;

    const lastSeqs = new Map<string, number>();
    for (const { apiKeyId } of keys) lastSeqs.set(apiKeyId, await lastWebhookSeqOfKey(db, apiKeyId));
    const caughtUp = () =>
      clients.every((client) => (client.received.at(-1) ?? 0) >= (lastSeqs.get(client.apiKeyId) ?? 0));
    const deadline = Date.now() + 30_000;
    while (!caughtUp() && Date.now() < deadline) await sleep(100);
    clearInterval(collector);
    clearInterval(sampler);
    clients.forEach(collect);

    let gaps = 0;
    let duplicates = 0;
    let disordered = 0;
    for (const client of clients) {
      const check = checkSequence(client.received, lastSeqs.get(client.apiKeyId) ?? 0);
      gaps += check.gaps;
      duplicates += check.duplicates;
      disordered += check.disordered;
    }
    const latencies = clients.flatMap((client) => client.latencies).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `produced ${total} events in ${producedIn.toFixed(1)} s (${(total / producedIn).toFixed(0)}/s); ` +
        `deliveries ${latencies.length}; reconnected ${Math.ceil(STREAMS / 10)} clients halfway; out of order ${disordered}`,
    );
    console.log(`trading-api RSS: ${idleRss} MB with the streams open, ${peakRss} MB at peak`);
    const met = p99 < 200 && peakRss < 300 && gaps === 0 && duplicates === 0;
    console.log(`targets (p99 < 200 ms, RSS < 300 MB, no gap, no duplicate): ${met ? 'met' : 'NOT met'}`);
    for (const client of clients) client.connection?.close();
    console.log(
      `streams=${STREAMS} p50_ms=${p50} p99_ms=${p99} rss_mb=${peakRss} gaps=${gaps} duplicates=${duplicates}`,
    );
    process.exitCode = gaps === 0 && duplicates === 0 ? 0 : 1;
  } finally {
    // A run that failed half-way must not go on sampling a process it has stopped.
    for (const timer of timers) clearInterval(timer);
    for (const child of children) child.kill('SIGTERM');
    await sleep(500);
    await amqp.close();
    await database.destroy();
    await deleteTestTopology(amqpPrefix).catch(() => undefined);
  }
}

/** Drops a tenth of the clients and reconnects each after the last id it received (Last-Event-ID). */
async function reconnectTenth(api: string, clients: StreamBenchClient[]): Promise<void> {
  const chosen = clients.filter((_, index) => index % 10 === 0);
  for (const client of chosen) {
    collect(client);
    client.connection?.close();
  }
  await Promise.all(chosen.map((client) => connectClient(api, client)));
}

await main();
