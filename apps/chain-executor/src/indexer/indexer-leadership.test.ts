import { describe, expect, it } from '@jest/globals';
import { createFundedAccount } from '#tooling/testing/chain-test-fixtures.js';
import { currentDatabaseName } from '#shared/db/named-locks.js';
import { indexerLockName } from '#shared/runtime/mysql-leader-lock.js';
import {
  buy,
  createLinkedMarket,
  USDC,
  useIndexerTestbed,
  waitFor,
  waitForIndexedTx,
  waitUntilCaughtUp,
} from '#tooling/kits/chain-executor/indexer-test-kit.js';

const testbed = useIndexerTestbed();

async function lockHolder(): Promise<number | null> {
  const lockName = indexerLockName(testbed.chainId, await currentDatabaseName(testbed.db));
  const [rows] = (await testbed.db.raw('SELECT IS_USED_LOCK(?) AS holder', [lockName])) as [
    Array<{ holder: number | string | null }>,
  ];
  const holder = rows[0]?.holder ?? null;
  return holder === null ? null : Number(holder);
}

describe('market indexer leadership', () => {
  it('lets only one of two concurrent indexers lead, and the other takes over when the leader stops', async () => {
    const { market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    const indexers = [testbed.startIndexer(), testbed.startIndexer()];
    const leader = await waitFor('one indexer to lead', () => indexers.find((indexer) => indexer.isLeader()));
    await waitUntilCaughtUp(testbed, leader);
    await waitForIndexedTx(testbed, (await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC })).txHash);
    expect(indexers.filter((indexer) => indexer.isLeader())).toEqual([leader]);
    expect(await lockHolder()).not.toBeNull();

    const follower = indexers.find((indexer) => indexer !== leader)!;
    await leader.stop();
    expect(leader.isLeader()).toBe(false);
    await waitFor('the other indexer to take over', () => follower.isLeader());
    const afterHandover = await buy(testbed, { account, market, outcomeIndex: 1, usdc: USDC });
    await waitForIndexedTx(testbed, afterHandover.txHash);
  });

  it('steps down when its lock connection dies, then leads again and keeps indexing', async () => {
    const { market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    const indexer = testbed.startIndexer();
    await waitUntilCaughtUp(testbed, indexer);
    const stepDowns = () => testbed.logs.events().filter((event) => event === 'indexer.stepped_down').length;
    const steppedDown = stepDowns();
    const holder = await lockHolder();

    await testbed.db.raw(`KILL ${holder}`);
    await waitFor('the leader to step down', () => stepDowns() > steppedDown);
    await waitFor('a new lock connection', async () => {
      const current = await lockHolder();
      return current !== null && current !== holder && indexer.isLeader();
    });
    await waitForIndexedTx(testbed, (await buy(testbed, { account, market, outcomeIndex: 0, usdc: USDC })).txHash);
  });

  it('releases the lock when stopped', async () => {
    const indexer = testbed.startIndexer();
    await waitFor('the indexer to lead', () => indexer.isLeader());
    expect(await lockHolder()).not.toBeNull();
    await indexer.stop();
    expect(await lockHolder()).toBeNull();
  });
});
