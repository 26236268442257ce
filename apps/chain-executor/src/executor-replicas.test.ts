/*
 * Several chain-executor replicas as real processes (their own main.ts, as `npm start` runs them) sharing a pool of
 * three signer keys on MariaDB, RabbitMQ and anvil mining a block a second (decision 0031):
 * - each of three replicas leases a different key; a fourth, started with the pool exhausted, waits and signs nothing;
 * - one signing replica is killed with SIGKILL in the middle of a burst, its transactions still in the pool; the
 *   waiting replica takes its key over, and every trade ends completed with exactly one on-chain execution;
 * - each key's mined transactions carry consecutive nonces: no nonce was used by two replicas.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { getAddress, type Address, type Hex } from 'viem';
import { setSignerRegistered } from '../../admin-cli/src/chain/operator-registry-admin.js';
import { signerLockName } from '#shared/chain/signer-lease.js';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { testDeployables } from '#tooling/testing/deployable-process.js';
import { freePort } from '#tooling/testing/free-port.js';
import { testEnv } from '#tooling/testing/test-env.js';
import {
  createMarket,
  createTrader,
  eventTypesOf,
  executionsOf,
  insertTestTrade,
  startTradeTestbed,
  USDC,
  type TradeTestbed,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';

const POOL: Hex[] = [1, 3, 4].map(anvilPrivateKey);
const SIGNERS: Address[] = POOL.map((key) => privateKeyToAccount(key).address);

let testbed: TradeTestbed;
let messaging: TestMessaging;
let publisher: AmqpConnectionManager;
const deployables = testDeployables();

beforeAll(async () => {
  [testbed, messaging] = await Promise.all([startTradeTestbed(), createTestMessaging()]);
  publisher = messaging.createManager();
  for (const signer of SIGNERS.slice(1)) {
    await setSignerRegistered(testbed.fixture.admin, {
      registry: testbed.fixture.route.registry,
      signer,
      registered: true,
    });
  }
}, 60_000);

afterAll(async () => {
  deployables.killAll();
  await testbed?.fixture.chain.testClient.setAutomine(true);
  await publisher?.close();
  await messaging?.destroy();
  await testbed?.close();
});

interface Replica {
  child: ChildProcess;
  port: number;
}

async function startReplica(): Promise<Replica> {
  const port = await freePort();
  const child = await deployables.start('apps/chain-executor/src/main.ts', {
    PORT: String(port),
    DATABASE_URL: testbed.database.url,
    AMQP_URL: testEnv.amqpUrl,
    AMQP_PREFIX: messaging.prefix,
    CHAIN_RPC_URL: testbed.fixture.chain.rpcUrl,
    CHAIN_ID: String(testbed.fixture.reader.chain.id),
    EXECUTOR_PRIVATE_KEYS: POOL.join(','),
    // Concurrent buys on one market move its price between quote and send: this test is about replicas.
    TRADE_SLIPPAGE_BPS: '5000',
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

const completedCount = async (trades: readonly TradeRecord[]) =>
  Number(
    (
      (await testbed
        .db('trades')
        .whereIn(
          'id',
          trades.map((trade) => trade.id),
        )
        .where({ status: 'completed' })
        .count({ count: '*' })) as Array<{ count: unknown }>
    )[0]?.count,
  );

describe('chain-executor replicas sharing a signer pool', () => {
  it('lease one key each, wait when the pool is exhausted, and take over a killed replica’s key: every trade once', async () => {
    const { marketId } = await createMarket(testbed);
    const trader = await createTrader(testbed, 10_000n * USDC);
    await testbed.fixture.chain.testClient.setIntervalMining({ interval: 1 });

    const replicas = [await startReplica(), await startReplica(), await startReplica()];
    await waitFor('three replicas to sign', async () => (await Promise.all(replicas.map(signing))).every(Boolean));
    const holders = await lockHolders();
    expect(holders.every((holder) => holder !== null)).toBe(true);
    expect(new Set(holders).size).toBe(3);

    const spare = await startReplica();
    await waitFor('the fourth replica to answer', async () => (await signing(spare)) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await signing(spare)).toBe(false);
    expect(await lockHolders()).toEqual(holders);

    const trades: TradeRecord[] = [];
    for (let index = 0; index < 60; index += 1) {
      trades.push(await insertTestTrade(testbed.db, { trader, marketId, usdc: 2n * USDC }));
    }
    for (const trade of trades) {
      await publisher.publish(EXCHANGES.trades, 'buy', { tradeId: trade.id }, { messageId: randomUUID() });
    }
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
    for (const trade of trades) {
      expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(1);
      expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.completed']);
    }
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
