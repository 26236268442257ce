import { describe, expect, it } from '@jest/globals';
import { encodeFunctionData, HttpRequestError, parseGwei, type Hex } from 'viem';
import { testUsdcAbi } from '../../contracts/artifacts/index.js';
import { withSigner, type ChainWriter } from './chain-clients.js';
import { anvilPrivateKey, type ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { sendContractWrite } from './contract-writes.js';
import {
  broadcastSigned,
  cappedFees,
  replacementFees,
  signTransaction,
  untilMined,
  type SentTransaction,
} from './sent-transactions.js';

/** Signs and broadcasts `tx`; its hash. */
const signAndSend = async (writer: ChainWriter, tx: Omit<SentTransaction, 'hash'>) =>
  broadcastSigned(writer, await signTransaction(writer, tx));

let fixture: ChainFixture;

useChainFixture(
  async (started) => {
    fixture = started;
  },
  {
    beforeEachTest: async () => {
      // A reverted chain keeps the base fee an earlier test raised: one cheap block first.
      await fixture.chain.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('1') });
      await fixture.chain.testClient.mine({ blocks: 1 });
    },
  },
);

/** A writer of anvil account 8 that replaces after 2 blocks, within `cap` per gas. */
function stuckWriter(cap: bigint): ChainWriter {
  const writer = withSigner(fixture.reader, anvilPrivateKey(8), { replaceAfterBlocks: 2, maxFeePerGas: cap });
  writer.resetNonce();
  return writer;
}

/** An approve of USDC from the writer: any transaction would do. */
function approve(writer: ChainWriter, hashes: Hex[], amount = 1n) {
  return sendContractWrite(
    writer,
    { address: fixture.platform.usdc, abi: testUsdcAbi, functionName: 'approve', args: [fixture.treasury, amount] },
    { onSent: (hash) => Promise.resolve(void hashes.push(hash)) },
  );
}

/** Mines one block at a time (each with `baseFee` when given) until `done` or `blocks` blocks. */
async function mineUntil(done: () => boolean, options: { blocks: number; baseFee?: () => bigint }) {
  const { testClient } = fixture.chain;
  for (let mined = 0; mined < options.blocks && !done(); mined += 1) {
    if (options.baseFee) await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: options.baseFee() });
    await testClient.mine({ blocks: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once a send reported its first hash (rejects if the send failed first). */
async function sentOnce(hashes: readonly Hex[], sending: Promise<unknown>): Promise<void> {
  let failed: unknown;
  sending.catch((error: unknown) => (failed = error ?? new Error('send failed')));
  while (hashes.length === 0) {
    if (failed !== undefined) throw failed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withoutAutomine<T>(run: () => Promise<T>): Promise<T> {
  await fixture.chain.testClient.setAutomine(false);
  try {
    return await run();
  } finally {
    await fixture.chain.testClient.setAutomine(true);
  }
}

const nonceOf = (writer: ChainWriter) =>
  fixture.reader.publicClient.getTransactionCount({ address: writer.account.address, blockTag: 'latest' });

describe('a sent transaction until it is mined', () => {
  it('is replaced with higher fees (same nonce) while blocks are too dear for it, and the replacement is mined', async () => {
    const writer = stuckWriter(parseGwei('1000'));
    const before = await nonceOf(writer);
    const hashes: Hex[] = [];
    const receipt = await withoutAutomine(async () => {
      const sending = approve(writer, hashes);
      let settled = false;
      void sending.finally(() => (settled = true));
      // Sent at today's fees; then blocks get dear (its fee estimate follows them once it is renewed).
      await sentOnce(hashes, sending);
      await mineUntil(() => settled, { blocks: 120, baseFee: () => parseGwei('50') });
      return sending;
    });
    expect(receipt.status).toBe('success');
    expect(hashes.length).toBeGreaterThan(1);
    expect(receipt.transactionHash).toBe(hashes.at(-1));
    expect(await nonceOf(writer)).toBe(before + 1);
  }, 60_000);

  it('never offers more than its fee cap: held out of dear blocks, it is mined once they are cheap again', async () => {
    const cap = parseGwei('5');
    const writer = stuckWriter(cap);
    const hashes: Hex[] = [];
    const receipt = await withoutAutomine(async () => {
      const sending = approve(writer, hashes);
      let settled = false;
      void sending.finally(() => (settled = true));
      await sentOnce(hashes, sending);
      await mineUntil(() => settled, { blocks: 12, baseFee: () => parseGwei('50') });
      expect(settled).toBe(false);
      for (const hash of hashes) {
        const sent = await fixture.reader.publicClient.getTransaction({ hash }).catch(() => undefined);
        if (sent) expect(sent.maxFeePerGas).toBeLessThanOrEqual(cap);
      }
      await mineUntil(() => settled, { blocks: 20, baseFee: () => parseGwei('1') });
      return sending;
    });
    expect(receipt.status).toBe('success');
  }, 60_000);

  it('puts back a transaction the node dropped, so the nonce gap it left does not hold the next one', async () => {
    const writer = stuckWriter(parseGwei('1000'));
    const before = await nonceOf(writer);
    const [first, second]: [Hex[], Hex[]] = [[], []];
    const receipts = await withoutAutomine(async () => {
      // One after the other, so the first takes the lower nonce (started together, either may estimate first).
      const firstSending = approve(writer, first, 1n);
      await sentOnce(first, firstSending);
      const secondSending = approve(writer, second, 2n);
      await sentOnce(second, secondSending);
      const sendings = [firstSending, secondSending];
      let settled = 0;
      for (const sending of sendings) void sending.finally(() => (settled += 1));
      await fixture.chain.testClient.dropTransaction({ hash: first[0]! });
      await mineUntil(() => settled === 2, { blocks: 20 });
      return Promise.all(sendings);
    });
    expect(receipts.map((receipt) => receipt.status)).toEqual(['success', 'success']);
    // The dropped one was sent again (its nonce filled); the one behind it needed nothing.
    expect(first.length).toBeGreaterThan(1);
    expect(receipts[0]!.transactionHash).toBe(first.at(-1));
    expect(await nonceOf(writer)).toBe(before + 2);
    const allowance = await fixture.reader.publicClient.readContract({
      address: fixture.platform.usdc,
      abi: testUsdcAbi,
      functionName: 'allowance',
      args: [writer.account.address, fixture.treasury],
    });
    expect(allowance).toBe(2n);
  }, 60_000);

  it('puts back a transaction that never reached the node on a chain that makes blocks only for transactions', async () => {
    const writer = stuckWriter(parseGwei('1000'));
    const before = await nonceOf(writer);
    const hashes: Hex[] = [];
    await fixture.chain.testClient.setAutomine(false);
    let sending: Promise<{ status: string }>;
    try {
      sending = approve(writer, hashes, 4n);
      await sentOnce(hashes, sending);
      // As if the broadcast had been lost on its way: no node holds it.
      await fixture.chain.testClient.dropTransaction({ hash: hashes[0]! });
    } finally {
      await fixture.chain.testClient.setAutomine(true);
    }
    const blockBefore = await fixture.reader.publicClient.getBlockNumber();
    // Nothing else is sent, so no block comes: the wait itself must put it back (mined at once on arrival).
    const receipt = await sending;
    expect(receipt.status).toBe('success');
    expect(hashes.length).toBeGreaterThan(1);
    expect(await fixture.reader.publicClient.getBlockNumber()).toBe(blockBefore + 1n);
    expect(await nonceOf(writer)).toBe(before + 1);
  }, 20_000);

  it('keeps putting back a dropped transaction when a re-send fails (an RPC 503), so its nonce never stays a gap', async () => {
    let broadcasts = 0;
    // The first send goes out; the first re-send of it fails as an RPC answering 503 would; the rest go out.
    const fence = async () => {
      broadcasts += 1;
      if (broadcasts === 2) throw new HttpRequestError({ url: 'http://rpc.example', status: 503, body: {} });
    };
    const writer = withSigner(fixture.reader, anvilPrivateKey(8), {
      replaceAfterBlocks: 2,
      maxFeePerGas: parseGwei('1000'),
      fence,
    });
    writer.resetNonce();
    const before = await nonceOf(writer);
    const hashes: Hex[] = [];
    const receipt = await withoutAutomine(async () => {
      const sending = approve(writer, hashes, 3n);
      let settled = false;
      void sending.finally(() => (settled = true));
      await sentOnce(hashes, sending);
      await fixture.chain.testClient.dropTransaction({ hash: hashes[0]! });
      await mineUntil(() => settled, { blocks: 20 });
      return sending;
    });
    expect(receipt.status).toBe('success');
    expect(broadcasts).toBeGreaterThanOrEqual(3);
    expect(await nonceOf(writer)).toBe(before + 1);
  }, 60_000);
});

describe('a transaction waiting its turn', () => {
  it('is not replaced while the node holds it at the fees the market asks, however many blocks pass', async () => {
    const writer = stuckWriter(parseGwei('1000'));
    const nonce = await nonceOf(writer);
    const approveCall = (amount: bigint) => ({
      to: fixture.platform.usdc,
      data: encodeFunctionData({ abi: testUsdcAbi, functionName: 'approve', args: [fixture.treasury, amount] }),
      gas: 100_000n,
    });
    const fees = await cappedFees(writer);
    // Nonce + 1 first: the node holds it behind the gap while other senders' blocks are mined (anvil's automine).
    const later = { ...approveCall(2n), fees, nonce: nonce + 1 };
    const hashes: Hex[] = [await signAndSend(writer, later)];
    const waiting = untilMined(
      writer,
      { ...later, hash: hashes[0]! },
      { timeoutMs: 30_000, onReplaced: (hash) => Promise.resolve(void hashes.push(hash)) },
    );
    await mineUntil(() => false, { blocks: 8 });
    expect(hashes).toHaveLength(1);
    await signAndSend(writer, { ...approveCall(1n), fees, nonce });
    const receipt = await waiting;
    expect(receipt.transactionHash).toBe(hashes[0]);
    expect(hashes).toHaveLength(1);
    expect(await nonceOf(writer)).toBe(nonce + 2);
  }, 60_000);
});

describe('replacementFees', () => {
  it('raises both fees by an eighth plus one wei, follows a dearer market, and stops at the cap', () => {
    const previous = { maxFeePerGas: 800n, maxPriorityFeePerGas: 80n };
    expect(replacementFees(previous, { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }, 10_000n)).toEqual({
      maxFeePerGas: 901n,
      maxPriorityFeePerGas: 91n,
    });
    expect(replacementFees(previous, { maxFeePerGas: 5_000n, maxPriorityFeePerGas: 100n }, 10_000n)).toEqual({
      maxFeePerGas: 5_000n,
      maxPriorityFeePerGas: 100n,
    });
    expect(replacementFees(previous, { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }, 850n)).toEqual({
      maxFeePerGas: 850n,
      maxPriorityFeePerGas: 91n,
    });
  });
});
