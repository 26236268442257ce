/*
 * Several chain-executor replicas as real processes (their own main.ts, as `npm start` runs them) sharing a pool of
 * three signer keys on MariaDB, RabbitMQ and anvil mining a block a second (decision 0031):
 * - each of three replicas leases a different key; a fourth, started with the pool exhausted, waits and signs nothing;
 * - one signing replica is killed with SIGKILL in the middle of a burst, its transactions still in the pool; the
 *   waiting replica takes its key over, and every trade ends completed with exactly one on-chain execution;
 * - each key's mined transactions carry consecutive nonces: no nonce was used by two replicas.
 */
import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { privateKeyToAccount } from 'viem/accounts';
import { getAddress, type Address, type Hex } from 'viem';
import { setSignerRegistered } from '../../admin-cli/src/chain/operator-registry-admin.js';
import { signerLockName } from '#shared/chain/signer-lease.js';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { freePort } from '#tooling/testing/free-port.js';
import { useExecutorProcesses } from '#tooling/kits/chain-executor/executor-process-kit.js';

const POOL: Hex[] = [1, 3, 4].map(anvilPrivateKey);
const SIGNERS: Address[] = POOL.map((key) => privateKeyToAccount(key).address);

const executors = useExecutorProcesses(async (testbed) => {
  for (const signer of SIGNERS.slice(1)) {
    await setSignerRegistered(testbed.fixture.admin, {
      registry: testbed.fixture.route.registry,
      signer,
      registered: true,
    });
  }
});

interface Replica {
  child: ChildProcess;
  port: number;
}

async function startReplica(): Promise<Replica> {
  const port = await freePort();
  const child = await executors.start({
    PORT: String(port),
    EXECUTOR_PRIVATE_KEYS: POOL.join(','),
    STALLED_TRADE_AFTER_MS: '3000',
    RECONCILE_POLL_MS: '500',
  });
  return { child, port };
}

/** Whether the replica reports holding a signer (its /metrics gauge); undefined while it does not answer. */
async function signing(replica: Replica): Promise<boolean | undefined> {
  const metrics = await fetch(`http://127.0.0.1:${replica.port}/metrics`)
    .then((response) => response.text())
    .catch(() => undefined);
  if (metrics === undefined) return undefined;
  const match = /^chain_executor_signer_leased(?:\{[^}]*\})? (\d)$/m.exec(metrics);
  return match ? match[1] === '1' : undefined;
}

/** The MySQL connection holding each signer's lock (null when free). */
async function lockHolders(): Promise<Array<number | null>> {
  const { testbed } = executors;
  const database = ((await testbed.db.raw('SELECT DATABASE() AS name'))[0] as Array<{ name: string }>)[0]!.name;
  return Promise.all(
    SIGNERS.map(async (signer) => {
      const lock = signerLockName(signer, testbed.fixture.reader.chain.id, database);
      const [[row]] = (await testbed.db.raw('SELECT IS_USED_LOCK(?) AS holder', [lock])) as [
        Array<{ holder: unknown }>,
      ];
      return row?.holder === null || row?.holder === undefined ? null : Number(row.holder);
    }),
  );
}

describe('chain-executor replicas sharing a signer pool', () => {
  it('lease one key each, wait when the pool is exhausted, and take over a killed replica’s key: every trade once', async () => {
    const { testbed, completedCount } = executors;
    const burst = await executors.burstTrader();
    await testbed.fixture.chain.testClient.setIntervalMining({ interval: 1 });

    const replicas = [await startReplica(), await startReplica(), await startReplica()];
    // Three processes starting at once on a busy machine: give their start-up time.
    await waitFor('three replicas to sign', async () => (await Promise.all(replicas.map(signing))).every(Boolean), {
      timeoutMs: 60_000,
    });
    const holders = await lockHolders();
    expect(holders.every((holder) => holder !== null)).toBe(true);
    expect(new Set(holders).size).toBe(3);

    const spare = await startReplica();
    await waitFor('the fourth replica to answer', async () => (await signing(spare)) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await signing(spare)).toBe(false);
    expect(await lockHolders()).toEqual(holders);

    const trades = await executors.publishBurst(burst, 60);
    await waitFor('a few trades to complete', async () => (await completedCount(trades)) >= 5 || undefined, {
      timeoutMs: 60_000,
    });
    const victim = replicas[0]!;
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    expect(await completedCount(trades)).toBeLessThan(trades.length);

    await waitFor('the waiting replica to take the freed key over', async () => (await signing(spare)) === true, {
      timeoutMs: 30_000,
    });
    const after = await lockHolders();
    expect(after.every((holder) => holder !== null)).toBe(true);
    expect(after.filter((holder, index) => holder !== holders[index])).toHaveLength(1);
    await waitFor('every trade to finish', async () => (await completedCount(trades)) === trades.length || undefined, {
      timeoutMs: 90_000,
    });
    await executors.expectEachExecutedOnce(burst.trader, trades);
    // Each key's transactions were mined in nonce order, each nonce once (an EIP-7702 delegation also spends the
    // nonce after its own, for its authorization): no two replicas ever signed with one key.
    const client = testbed.fixture.reader.publicClient;
    const latest = await client.getBlockNumber();
    const nonces = new Map<Address, number[]>(SIGNERS.map((signer) => [signer, []]));
    for (let block = 0n; block <= latest; block += 1n) {
      for (const tx of (await client.getBlock({ blockNumber: block, includeTransactions: true })).transactions) {
        nonces.get(getAddress(tx.from))?.push(tx.nonce);
      }
    }
    for (const signer of SIGNERS) {
      const mined = nonces.get(signer)!;
      expect(mined.length).toBeGreaterThan(0);
      expect(mined).toEqual([...new Set(mined)].sort((a, b) => a - b));
      expect(await client.getTransactionCount({ address: signer })).toBeLessThanOrEqual(mined.at(-1)! + 2);
    }
  }, 240_000);
});
