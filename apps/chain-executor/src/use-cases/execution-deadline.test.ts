/*
 * The execution deadline against real anvil and MariaDB (decision 0031): a trade whose transaction the chain keeps out
 * of its blocks until the deadline has passed fails EXECUTION_TIMEOUT, and the late transaction is refused on-chain;
 * a trade the reconciler finds past its deadline on the chain fails without a new send.
 */
import { describe, expect, it } from '@jest/globals';
import { parseGwei } from 'viem';
import { withSigner } from '#shared/chain/chain-clients.js';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import {
  createTrader,
  eventTypesOf,
  executionsOf,
  executorTransactionCount,
  insertMarketTrade,
  tradeDeps,
  tradeIdUsed,
  tradeOf,
  useMarketTestbed,
  USDC,
  usdcOf,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { executeTrade } from './execute-trade.use-case.js';
import { reconcileTrade } from './reconcile-trade.use-case.js';

const testbed = useMarketTestbed();

const DEADLINE_S = 30;
const chainNow = async () => new Date(Number((await testbed.fixture.reader.publicClient.getBlock()).timestamp) * 1000);

describe('the execution deadline', () => {
  it('fails a trade whose transaction was kept out of blocks past its deadline; the late transaction is refused on-chain', async () => {
    const { testClient } = testbed.fixture.chain;
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { createdAt: await chainNow() });
    // The registered signer, offering at most 5 gwei per gas: blocks at 50 gwei leave its transaction waiting.
    const writer = withSigner(testbed.fixture.reader, anvilPrivateKey(1), {
      maxFeePerGas: parseGwei('5'),
      replaceAfterBlocks: 2,
      receiptTimeoutMs: 60_000,
    });
    writer.resetNonce();
    const deps = tradeDeps(testbed, { writer, executionDeadlineS: DEADLINE_S });

    await testClient.setAutomine(false);
    let outcome: Promise<string>;
    try {
      outcome = executeTrade(deps, { tradeId: trade.id });
      await waitFor('the trade to be sent', async () => {
        const [pending, latest] = await Promise.all([
          testbed.fixture.reader.publicClient.getTransactionCount({
            address: writer.account.address,
            blockTag: 'pending',
          }),
          testbed.fixture.reader.publicClient.getTransactionCount({ address: writer.account.address }),
        ]);
        return pending > latest;
      });
      for (let block = 0; block < 4; block += 1) {
        await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('50') });
        await testClient.mine({ blocks: 1 });
      }
      await testClient.increaseTime({ seconds: DEADLINE_S * 2 });
      // Blocks are cheap again, but their time is past the deadline: the transaction (put back in the pool if the
      // dear blocks made the node drop it) is mined, and the registry refuses the call.
      let settled = false;
      void outcome.finally(() => (settled = true));
      for (let block = 0; block < 12 && !settled; block += 1) {
        await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('1') });
        await testClient.mine({ blocks: 1 });
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await expect(outcome).resolves.toBe('failed');
    } finally {
      await testClient.setAutomine(true);
    }

    const failed = await tradeOf(testbed.db, trade.id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'EXECUTION_TIMEOUT' });
    expect(failed.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await testbed.fixture.reader.publicClient.getTransactionReceipt({ hash: failed.txHash! });
    expect(receipt.status).toBe('reverted');
    expect(await tradeIdUsed(testbed, trader.account, trade.id)).toBe(false);
    expect(await usdcOf(testbed, trader.account)).toBe(1_000n * USDC);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.failed']);
  }, 60_000);

  it('the reconciler fails a trade the chain has passed the deadline of, its id unused, without sending anything', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { status: 'executing' });
    // Its worker died after a send the node dropped: the hash names nothing the node knows.
    const past = new Date((await chainNow()).getTime() - 1_000);
    await testbed
      .db('trades')
      .where({ id: trade.id })
      .update({ execution_deadline: past, tx_hash: `0x${'ab'.repeat(32)}` });
    const sent = await executorTransactionCount(testbed);

    await expect(reconcileTrade(tradeDeps(testbed), trade.id)).resolves.toBe('failed');

    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({ status: 'failed', errorCode: 'EXECUTION_TIMEOUT' });
    expect(await executorTransactionCount(testbed)).toBe(sent);
    expect(await executionsOf(testbed, trader.account, trade.id)).toHaveLength(0);
    expect(await eventTypesOf(testbed.db, trade)).toEqual(['trade.failed']);
  });

  it('fails a pending trade whose deadline passed while it waited, sending nothing', async () => {
    const trader = await createTrader(testbed);
    const longAgo = new Date(Date.now() - (DEADLINE_S + 5) * 1_000);
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { createdAt: longAgo });
    const sent = await executorTransactionCount(testbed);

    await expect(
      executeTrade(tradeDeps(testbed, { executionDeadlineS: DEADLINE_S }), { tradeId: trade.id }),
    ).resolves.toBe('failed');

    expect(await tradeOf(testbed.db, trade.id)).toMatchObject({
      status: 'failed',
      errorCode: 'EXECUTION_TIMEOUT',
      txHash: null,
    });
    expect(await executorTransactionCount(testbed)).toBe(sent);
  });
});
