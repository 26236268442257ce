/*
 * `npm run bench:trades [-- --seconds 60 --rate 120 --users 64 --block-time 0 --executors 1]`: the trade pipeline from
 * POST to `completed` on a local chain, the way `npm start` runs it: a fresh anvil with the platform deployed, the
 * trading API and `--executors` chain-executor replicas as their compiled builds (each its own process, on their own
 * database, Redis prefix and queue prefix; the replicas share a pool of that many signer keys, one leased by each),
 * and N funded users trading in parallel. `--block-time <s>` mines a block every s seconds (anvil interval mining,
 * as Base, Optimism or Polygon do every 2 s and Ethereum every 12 s; the block gas limit raised so blocks are not
 * what limits); 0 mines each transaction on arrival (automine). Measured in the same run: anvil's own ceiling (plain transfers/s at the
 * same concurrency). The backlog drains until every trade is terminal (or nothing finishes for 30 s). Then every
 * trade's terminal state and its on-chain execution are checked: a trade is lost when it never reached a terminal
 * state, completed without exactly one TradeExecuted event, or failed although it executed; doubled when its id
 * executed twice. Failed trades (e.g. SLIPPAGE_EXCEEDED) are reported with their codes.
 * The targets follow the block time (DESIGN.md §10): automine p50 < 250 ms and p99 < 1 s; 2 s blocks p50 ≤ 4 s and
 * p99 ≤ 8 s; longer blocks p50 ≤ 1.5 blocks and p99 ≤ 3 blocks; ≥ 100 trades/s and none lost or doubled in all.
 * The last line is `trades_per_s=N p50_ms=N p95_ms=N p99_ms=N lost=N doubled=N block_s=N executors=N`.
 */
import { availableParallelism } from 'node:os';
import { getAbiItem } from 'viem';
import { smartAccountAbi } from '../../../shared/contracts/artifacts/index.js';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { privateKeyToAccount } from 'viem/accounts';
import { bytes32ToUuid } from '#shared/chain/ids-on-chain.js';
import { setSignerRegistered } from '../../../apps/admin-cli/src/chain/operator-registry-admin.js';
import {
  anvilPrivateKey,
  createListedFixtureMarket,
  createFundedAccount,
  recordFixtureDeployment,
  startChainFixture,
  USDC,
} from '#tooling/testing/chain-test-fixtures.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { buildDeployablesForBench, numericFlag, percentile } from '#tooling/bench/bench-kit.js';
import { waitUntilAnswering } from '#tooling/testing/deployable-process.js';
import { cpuPerUnit, sampleCpu, serviceProbes, type CpuProbe } from '#tooling/bench/process-cpu.js';
import { freePort } from '#tooling/testing/free-port.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { createTestDatabase } from '#tooling/testing/test-database.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { measureTransferCeiling } from './anvil-ceiling.js';
import { runTradeLoad, stepBreakdown, watchUntilFinished, type BenchTrader } from './trade-load.js';

const SECONDS = numericFlag('seconds', 60);
const RATE = numericFlag('rate', 120);
const USERS = numericFlag('users', 64);
const CONCURRENCY = numericFlag('concurrency', 32);
const BLOCK_TIME_S = numericFlag('block-time', 0, process.argv, { allowZero: true });
const EXECUTORS = numericFlag('executors', 1);
/** anvil dev accounts the executor replicas sign with (0 is the admin, 2 the treasury, 5 the ceiling's sender). */
const SIGNER_ACCOUNTS = [1, 3, 4, 6, 7, 8, 9];
/** Room for a block of every trade of 12 s at 150/s (a trade uses under 200k gas). */
const BENCH_BLOCK_GAS_LIMIT = 2_000_000_000n;

/** Waits until the executor at `base` reports holding a signer (its /metrics gauge). */
async function waitUntilSigning(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const metrics = await fetch(`${base}/metrics`).then((response) => response.text());
    if (/^chain_executor_signer_leased(\{[^}]*\})? 1$/m.test(metrics)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} holds no signer after 30 s`);
}

/** The latency bounds for the block time (see the file comment). */
function latencyTargets(blockTimeS: number): { p50Ms: number; p99Ms: number } {
  if (blockTimeS === 0) return { p50Ms: 250, p99Ms: 1_000 };
  if (blockTimeS <= 2) return { p50Ms: 4_000, p99Ms: 8_000 };
  return { p50Ms: 1_500 * blockTimeS, p99Ms: 3_000 * blockTimeS };
}

async function main(): Promise<void> {
  const startDeployable = buildDeployablesForBench();
  const [fixture, database] = await Promise.all([startChainFixture(), createTestDatabase()]);
  const token = Date.now().toString(36);
  const amqpPrefix = `bench${token}`;
  const redisPrefix = `bench:trades:${token}:`;
  const children: ReturnType<typeof startDeployable>[] = [];
  try {
    const db = database.db;
    const chainId = fixture.reader.chain.id;
    await recordFixtureDeployment(db, fixture);
    const { marketId } = await createListedFixtureMarket(fixture, db, {
      question: 'Bench?',
      category: 'bench',
      initialReserve: 100_000n * USDC,
    });
    console.log(`funding ${USERS} users…`);
    const traders: BenchTrader[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const { account } = await createFundedAccount(fixture, 100_000n * USDC);
      const user = await createUser(db, {
        email: `bench-${index}-${token}@bench.example`,
        smartAccountAddress: account,
      });
      const { key } = await issueApiKey(db, DEVELOPMENT_PEPPER, {
        userId: user.id,
        tier: 'mm',
        env: 'test',
        rateLimitRpm: 1_000_000,
        dailySpendLimit: 1_000_000_000n * USDC,
      });
      traders.push({ key });
    }
    const startBlock = await fixture.reader.publicClient.getBlockNumber();

    console.log(`anvil ceiling: plain transfers, ${CONCURRENCY} in flight, 10 s…`);
    const ceiling = await measureTransferCeiling({
      rpcUrl: fixture.chain.rpcUrl,
      privateKey: anvilPrivateKey(5),
      concurrency: CONCURRENCY,
      seconds: 10,
    });

    if (EXECUTORS < 1 || EXECUTORS > SIGNER_ACCOUNTS.length) {
      throw new Error(`--executors takes 1 to ${SIGNER_ACCOUNTS.length}`);
    }
    const signerKeys = SIGNER_ACCOUNTS.slice(0, EXECUTORS).map(anvilPrivateKey);
    for (const key of signerKeys.slice(1)) {
      const signer = privateKeyToAccount(key).address;
      await setSignerRegistered(fixture.admin, { registry: fixture.route.registry, signer, registered: true });
    }
    if (BLOCK_TIME_S > 0) {
      const { testClient } = fixture.chain;
      await testClient.setBlockGasLimit({ gasLimit: BENCH_BLOCK_GAS_LIMIT });
      await testClient.setIntervalMining({ interval: BLOCK_TIME_S });
      console.log(`mining a block every ${BLOCK_TIME_S} s`);
    }

    const apiPort = await freePort();
    const executorPorts = await Promise.all(signerKeys.map(() => freePort()));
    const common = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: amqpPrefix,
      AMQP_PREFETCH: String(CONCURRENCY),
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: redisPrefix,
      // The deployables talk to anvil over WebSocket (DESIGN.md §5): far cheaper per request than HTTP fetch.
      CHAIN_RPC_URL: process.argv.includes('--http')
        ? fixture.chain.rpcUrl
        : fixture.chain.rpcUrl.replace(/^http/, 'ws'),
      CHAIN_ID: String(chainId),
      SERVICE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_KEY_PEPPER: DEVELOPMENT_PEPPER,
    };
    children.push(startDeployable('trading-api', { ...common, PORT: String(apiPort) }));
    for (const port of executorPorts) {
      children.push(
        startDeployable('chain-executor', {
          ...common,
          PORT: String(port),
          EXECUTOR_PRIVATE_KEYS: signerKeys.join(','),
        }),
      );
    }
    const api = `http://127.0.0.1:${apiPort}`;
    await Promise.all([
      waitUntilAnswering(`${api}/ready`),
      ...executorPorts.map((port) => waitUntilAnswering(`http://127.0.0.1:${port}/ready`)),
    ]);
    // A replica signs only once it holds a key of the pool (and waited out the previous holder's fence).
    await Promise.all(executorPorts.map((port) => waitUntilSigning(`http://127.0.0.1:${port}`)));

    const labels = ['trading-api', ...executorPorts.map((_, index) => `chain-executor-${index}`)];
    const probes: CpuProbe[] = [
      ...serviceProbes(['anvil']),
      ...children.map((child, index) => ({ label: labels[index]!, pid: child.pid! })),
    ];
    const [cpuBefore, cpuFrom] = [sampleCpu(probes), Date.now()];
    console.log(`trading: ${RATE} trades/s offered for ${SECONDS} s across ${USERS} users…`);
    const load = await runTradeLoad({ api, marketId, traders, ratePerSecond: RATE, seconds: SECONDS });
    await watchUntilFinished(db, load.placed, 30_000);
    const [cpuAfter, cpuUntil] = [sampleCpu(probes), Date.now()];

    const executions = await fixture.reader.publicClient.getLogs({
      event: getAbiItem({ abi: smartAccountAbi, name: 'TradeExecuted' }),
      fromBlock: startBlock,
      strict: true,
    });
    const executedCount = new Map<string, number>();
    for (const log of executions) {
      const id = bytes32ToUuid(log.args.tradeId);
      executedCount.set(id, (executedCount.get(id) ?? 0) + 1);
    }
    const completed = load.placed.filter((trade) => trade.status === 'completed' && trade.finishedAt !== undefined);
    // Lost: never reached a terminal state, completed without exactly one execution, or failed yet executed.
    const lost = load.placed.filter((trade) =>
      trade.status === undefined
        ? true
        : trade.status === 'completed'
          ? executedCount.get(trade.id) !== 1
          : executedCount.has(trade.id),
    ).length;
    const failures = new Map<string, number>();
    for (const trade of load.placed.filter((placed) => placed.errorCode)) {
      failures.set(trade.errorCode!, (failures.get(trade.errorCode!) ?? 0) + 1);
    }
    const doubled = [...executedCount.values()].filter((count) => count > 1).length;
    const latencies = completed.map((trade) => trade.finishedAt! - trade.sentAt).sort((a, b) => a - b);
    const lastFinished = Math.max(...completed.map((trade) => trade.finishedAt!));
    const tradesPerSecond = completed.length / ((lastFinished - load.firstSentAt) / 1000);

    const statuses = new Map<string, number>();
    for (const trade of load.placed)
      statuses.set(trade.status ?? 'unfinished', (statuses.get(trade.status ?? 'unfinished') ?? 0) + 1);
    console.log(
      `offered ${Math.round(RATE * SECONDS)} POSTs; accepted ${load.placed.length}; refused ${JSON.stringify(Object.fromEntries(load.refused))}`,
    );
    console.log(
      `terminal states ${JSON.stringify(Object.fromEntries(statuses))} (failure codes ` +
        `${JSON.stringify(Object.fromEntries(failures))}); on-chain executions ${executions.length}`,
    );
    console.log(`median time before each step: ${await stepBreakdown(db, completed)}`);
    const transactions = new Set(executions.map((log) => log.transactionHash)).size;
    const blocks = new Set(executions.map((log) => log.blockNumber)).size;
    console.log(
      `${executions.length} executions in ${transactions} transactions and ${blocks} blocks ` +
        `(${(executions.length / Math.max(1, transactions)).toFixed(1)} trades per transaction)`,
    );
    console.log(
      `anvil ceiling ${ceiling.transfersPerSecond.toFixed(1)} transfers/s${ceiling.failed > 0 ? ` (${ceiling.failed} transfers never mined, not counted)` : ''}; trades ${tradesPerSecond.toFixed(1)}/s = ${((tradesPerSecond / ceiling.transfersPerSecond) * 100).toFixed(1)} % of the ceiling`,
    );
    const cpu = cpuPerUnit(cpuBefore, cpuAfter, {
      count: completed.length,
      name: 'completed trade',
      wallMs: cpuUntil - cpuFrom,
      cores: availableParallelism(),
    });
    if (cpu) console.log(cpu);
    const targets = latencyTargets(BLOCK_TIME_S);
    const targetsMet =
      tradesPerSecond >= 100 &&
      percentile(latencies, 50) <= targets.p50Ms &&
      percentile(latencies, 99) <= targets.p99Ms &&
      lost === 0 &&
      doubled === 0;
    console.log(
      `targets (≥ 100 trades/s, p50 ≤ ${targets.p50Ms} ms, p99 ≤ ${targets.p99Ms} ms, none lost or doubled): ` +
        (targetsMet ? 'met' : 'NOT met'),
    );
    console.log(
      `trades_per_s=${Math.round(tradesPerSecond)} p50_ms=${percentile(latencies, 50)} p95_ms=${percentile(latencies, 95)} ` +
        `p99_ms=${percentile(latencies, 99)} lost=${lost} doubled=${doubled} block_s=${BLOCK_TIME_S} executors=${EXECUTORS}`,
    );
    process.exitCode = lost === 0 && doubled === 0 ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.destroy();
    await deleteTestTopology(amqpPrefix).catch(() => undefined);
    await fixture.stop();
  }
}

await main();
