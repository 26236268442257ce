/*
 * One signing process per key (decision 0031), against real MariaDB and anvil: a key's lease is exclusive, a pool
 * hands out a free key or none, a new holder waits out the fence, a waiter gives up clearly, and a holder whose lock
 * is gone (its connection killed) broadcasts nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { privateKeyToAccount } from 'viem/accounts';
import { testUsdcAbi } from '../../contracts/artifacts/index.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { anvilPrivateKey, startChainFixture, type ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { sendContractWrite } from './contract-writes.js';
import {
  FENCE_MS,
  leasedSignerCounter,
  leaseSignerWaiting,
  signerLockName,
  tryLeaseAnySigner,
  tryLeaseSigner,
  type SignerLease,
} from './signer-lease.js';

let fixture: ChainFixture;
let database: TestDatabase;
const [first, second] = [anvilPrivateKey(7), anvilPrivateKey(8)];

beforeAll(async () => {
  [fixture, database] = await Promise.all([startChainFixture(), createTestDatabase()]);
}, 60_000);

afterAll(async () => {
  await database?.destroy();
  await fixture?.stop();
});

async function leased(lease: Promise<SignerLease | null>): Promise<SignerLease> {
  const taken = await lease;
  if (!taken) throw new Error('expected the key to be free');
  return taken;
}

describe('signer leases', () => {
  it('gives a key to one holder at a time, after the fence of the previous one', async () => {
    const started = Date.now();
    const lease = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    expect(Date.now() - started).toBeGreaterThanOrEqual(FENCE_MS - 50);
    expect(lease.address).toBe(privateKeyToAccount(first).address);
    expect(await tryLeaseSigner(database.db, fixture.reader, first)).toBeNull();
    await lease.release();
    const again = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    await again.release();
  }, 30_000);

  it('hands out a free key of the pool, and none when every key is held', async () => {
    const held = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    const other = await leased(tryLeaseAnySigner(database.db, fixture.reader, [first, second]));
    expect(other.address).toBe(privateKeyToAccount(second).address);
    expect(await tryLeaseAnySigner(database.db, fixture.reader, [first, second])).toBeNull();
    await Promise.all([held.release(), other.release()]);
  }, 30_000);

  it('counts the keys of the pool held now, by this process or any other', async () => {
    const pool = [first, second, anvilPrivateKey(9)];
    const count = leasedSignerCounter(database.db, fixture.reader, pool);
    expect(await count()).toBe(0);
    const [one, two] = await Promise.all([
      leased(tryLeaseSigner(database.db, fixture.reader, first)),
      leased(tryLeaseSigner(database.db, fixture.reader, second)),
    ]);
    expect(await count()).toBe(2);
    await one.release();
    expect(await count()).toBe(1);
    await two.release();
    expect(await count()).toBe(0);
  }, 30_000);

  it('a waiter gives up after its wait with DEPENDENCY_UNAVAILABLE naming the key', async () => {
    const held = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    const error = await leaseSignerWaiting(database.db, fixture.reader, first, { waitMs: 300, pollMs: 50 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      detail: expect.stringContaining(privateKeyToAccount(first).address),
    });
    await held.release();
  }, 30_000);

  it('still broadcasts after its heartbeats fell behind (a blocked event loop), once the lock is confirmed again', async () => {
    const lease = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    const { writer } = lease;
    const signed = await writer.account.signTransaction({
      chainId: writer.chain.id,
      type: 'eip1559',
      to: writer.account.address,
      value: 1n,
      gas: 21_000n,
      nonce: await writer.takeNonce(),
      ...(await writer.currentFees()),
    });
    // A busy process: no heartbeat runs while this loop holds the event loop, and the send follows at once.
    const blockedUntil = Date.now() + FENCE_MS + 500;
    while (Date.now() < blockedUntil);
    try {
      const hash = await writer.walletClient.request({ method: 'eth_sendRawTransaction', params: [signed] });
      await expect(fixture.reader.publicClient.waitForTransactionReceipt({ hash })).resolves.toMatchObject({
        status: 'success',
      });
    } finally {
      await lease.release();
    }
  }, 30_000);

  it('broadcasts nothing once its lock is gone (its connection killed by the server)', async () => {
    const lease = await leased(tryLeaseSigner(database.db, fixture.reader, first));
    const approve = () =>
      sendContractWrite(lease.writer, {
        address: fixture.platform.usdc,
        abi: testUsdcAbi,
        functionName: 'approve',
        args: [fixture.treasury, 1n],
      });
    await expect(approve()).resolves.toMatchObject({ status: 'success' });
    const sent = await fixture.reader.publicClient.getTransactionCount({ address: lease.address });

    const [[{ name }]] = (await database.db.raw('SELECT DATABASE() AS name')) as [[{ name: string }]];
    const lock = signerLockName(lease.address, fixture.reader.chain.id, name);
    const [[{ holder }]] = (await database.db.raw('SELECT IS_USED_LOCK(?) AS holder', [lock])) as [
      [{ holder: number }],
    ];
    await database.db.raw(`KILL ${Number(holder)}`);
    // The killed connection may report its end before the KILL's own answer arrives.
    if (!lease.lost.aborted) {
      await new Promise((resolve) => lease.lost.addEventListener('abort', resolve, { once: true }));
    }

    await expect(approve()).rejects.toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      detail: expect.stringMatching(/^Not signing with 0x[0-9a-fA-F]{40}: its lock was lost$/),
    });
    expect(await fixture.reader.publicClient.getTransactionCount({ address: lease.address })).toBe(sent);
    await lease.release();
    // The server freed the lock with the connection: the key is free for the next holder.
    await (await leased(tryLeaseSigner(database.db, fixture.reader, first))).release();
  }, 30_000);
});
