/*
 * The sandbox simulation enters the organic failure path (issue 19, decision 0023): an organic slippage failure
 * whose revert is mined (a competing trade lands between the estimate and the send) and a trade placed with
 * `X-Service-Simulate: slippage` end the same way — same status, code, trace steps and event, both with the hash of
 * a reverted transaction — and so do an organic policy rejection and `reject`. Real anvil and MariaDB.
 */
import { describe, expect, it } from '@jest/globals';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import {
  buy,
  createTrader,
  eventTypesOf,
  executionsOf,
  insertMarketTrade,
  racingWriter,
  traceOf,
  FAILED_AFTER_SEND_TRACE,
  tradeDeps,
  tradeOf,
  useMarketTestbed,
  USDC,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { executeTrade } from './execute-trade.use-case.js';

const testbed = useMarketTestbed();

/** How a settled trade looks from outside, the hash aside. */
async function outcomeOf(tradeId: string) {
  const trade = await tradeOf(testbed.db, tradeId);
  return {
    status: trade.status,
    errorCode: trade.errorCode,
    errorMessage: trade.errorMessage,
    trace: await traceOf(testbed.db, trade),
    events: await eventTypesOf(testbed.db, trade),
  };
}

async function expectRevertedOnChain(tradeId: string) {
  const { txHash } = await tradeOf(testbed.db, tradeId);
  expect(txHash).not.toBeNull();
  const receipt = await testbed.fixture.reader.publicClient.getTransactionReceipt({ hash: txHash! });
  expect(receipt.status).toBe('reverted');
}

describe('a simulated failure and its organic counterpart', () => {
  it('slippage: a mined SlippageExceeded revert, organic or simulated, fails the trade the same way', async () => {
    const [trader, competitor] = [await createTrader(testbed), await createTrader(testbed)];
    const organic = await insertMarketTrade(testbed, trader, 20n * USDC);
    // After the estimate passed and before the send: a competing buy moves the price, so the send reverts mined.
    const race = racingWriter(testbed.fixture.executor, () =>
      buy(testbed, { account: competitor.account, market: testbed.market, usdc: 30n * USDC }),
    );
    await expect(
      executeTrade(tradeDeps(testbed, { slippageBps: 0, writer: race.writer }), { tradeId: organic.id }),
    ).resolves.toBe('failed');
    expect(race.moved()).toBe(true);

    const simulated = await insertMarketTrade(testbed, trader, 20n * USDC, { simulation: 'slippage' });
    await expect(executeTrade(tradeDeps(testbed), { tradeId: simulated.id })).resolves.toBe('failed');

    const expected = await outcomeOf(organic.id);
    expect(expected).toMatchObject({ status: 'failed', errorCode: 'SLIPPAGE_EXCEEDED', events: ['trade.failed'] });
    expect(expected.trace).toEqual([...FAILED_AFTER_SEND_TRACE]);
    expect(await outcomeOf(simulated.id)).toEqual(expected);
    await expectRevertedOnChain(organic.id);
    await expectRevertedOnChain(simulated.id);
    expect(await executionsOf(testbed, trader.account, simulated.id)).toHaveLength(0);
  });

  it('reject: a policy rejection, organic (key revoked) or simulated, rejects the trade the same way', async () => {
    const revoked = await createTrader(testbed);
    const organic = await insertMarketTrade(testbed, revoked, 1n * USDC);
    await revokeApiKey(testbed.db, revoked.apiKeyId, new Date());
    const trader = await createTrader(testbed);
    const simulated = await insertMarketTrade(testbed, trader, 1n * USDC, { simulation: 'reject' });

    await expect(executeTrade(tradeDeps(testbed), { tradeId: organic.id })).resolves.toBe('rejected');
    await expect(executeTrade(tradeDeps(testbed), { tradeId: simulated.id })).resolves.toBe('rejected');

    const [expected, actual] = [await outcomeOf(organic.id), await outcomeOf(simulated.id)];
    expect(actual).toEqual({
      ...expected,
      errorCode: 'TRADE_REJECTED_BY_OPERATOR',
      errorMessage: 'The sandbox rejected the trade as asked (X-Service-Simulate: reject)',
    });
    expect(actual.trace).toEqual(['trade.rejected', 'webhook.event_recorded']);
    expect(actual.events).toEqual(['trade.rejected']);
  });
});
