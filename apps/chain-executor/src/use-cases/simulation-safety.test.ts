/*
 * The sandbox simulation can never move money (issue 19 review, decision 0023): the guards of a simulated failure
 * cannot be met whatever happens on-chain between the executor's reads and the mining of its send (a price moving
 * in the trade's favour, USDC arriving), and the executor honours a stored simulation only on a test executor for a
 * test key — otherwise the trade executes organically and one error line says so. Real anvil and MariaDB.
 */
import { describe, expect, it } from '@jest/globals';
import { erc20Abi, type Address } from 'viem';
import { mintTestUsdc } from '../../../admin-cli/src/chain/market-admin.js';
import { readOutcomeBalances } from '#shared/chain/balances.js';
import {
  buy,
  createTrader,
  executionsOf,
  holdingsOf,
  insertMarketTrade,
  racingWriter,
  sell,
  tradeDeps,
  tradeOf,
  useMarketTestbed,
  USDC,
  usdcOf,
  type Trader,
} from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { unholdableUsdc } from '../trades/simulated-sends.js';
import { executeTrade } from './execute-trade.use-case.js';
import { reconcileTrade } from './reconcile-trade.use-case.js';

const testbed = useMarketTestbed();

const sharesOf = async (account: Address) =>
  readOutcomeBalances(testbed.fixture.reader, { market: testbed.market, account });

/** A trader holding tokens of outcome 0, bought directly through the account. */
async function traderHolding(usdcIn: bigint): Promise<Trader> {
  const trader = await createTrader(testbed);
  await buy(testbed, { account: trader.account, market: testbed.market, usdc: usdcIn });
  return trader;
}

async function expectFailedUnexecuted(trader: Trader, tradeId: string, errorCode: string) {
  const trade = await tradeOf(testbed.db, tradeId);
  expect([trade.status, trade.errorCode]).toEqual(['failed', errorCode]);
  expect(trade.txHash).not.toBeNull();
  expect(await executionsOf(testbed, trader.account, tradeId)).toHaveLength(0);
}

describe('a simulated failure whose conditions change before its send is mined', () => {
  it('slippage buy: the price falling in its favour just before the send still reverts SLIPPAGE_EXCEEDED', async () => {
    const [trader, seller] = [await createTrader(testbed), await traderHolding(200n * USDC)];
    const before = await holdingsOf(testbed, trader.account, testbed.market);
    const race = racingWriter(testbed.fixture.executor, async () => {
      const [held = 0n] = await sharesOf(seller.account);
      await sell(testbed, { account: seller.account, market: testbed.market, tokens: held });
    });
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { simulation: 'slippage' });

    await expect(executeTrade(tradeDeps(testbed, { writer: race.writer }), { tradeId: trade.id })).resolves.toBe(
      'failed',
    );

    expect(race.moved()).toBe(true);
    expect((await sharesOf(seller.account))[0]).toBe(0n);
    await expectFailedUnexecuted(trader, trade.id, 'SLIPPAGE_EXCEEDED');
    expect(await holdingsOf(testbed, trader.account, testbed.market)).toEqual(before);
  });

  it('slippage sell: the price rising in its favour just before the send still reverts SLIPPAGE_EXCEEDED', async () => {
    const [trader, buyer] = [await traderHolding(50n * USDC), await createTrader(testbed)];
    const before = await holdingsOf(testbed, trader.account, testbed.market);
    const race = racingWriter(testbed.fixture.executor, () =>
      buy(testbed, { account: buyer.account, market: testbed.market, usdc: 300n * USDC }),
    );
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { side: 'sell', simulation: 'slippage' });

    await expect(executeTrade(tradeDeps(testbed, { writer: race.writer }), { tradeId: trade.id })).resolves.toBe(
      'failed',
    );

    expect(race.moved()).toBe(true);
    await expectFailedUnexecuted(trader, trade.id, 'SLIPPAGE_EXCEEDED');
    expect(await holdingsOf(testbed, trader.account, testbed.market)).toEqual(before);
  });

  it('insufficient_balance buy: USDC arriving just before the send still reverts INSUFFICIENT_BALANCE', async () => {
    const trader = await createTrader(testbed);
    const arriving = 100n * USDC;
    const race = racingWriter(testbed.fixture.executor, () =>
      mintTestUsdc(testbed.fixture.admin, {
        usdc: testbed.fixture.platform.usdc,
        to: trader.account,
        amount: arriving,
      }),
    );
    const shares = await sharesOf(trader.account);
    const funded = await usdcOf(testbed, trader.account);
    const trade = await insertMarketTrade(testbed, trader, 5n * USDC, { simulation: 'insufficient_balance' });

    await expect(executeTrade(tradeDeps(testbed, { writer: race.writer }), { tradeId: trade.id })).resolves.toBe(
      'failed',
    );

    expect(race.moved()).toBe(true);
    await expectFailedUnexecuted(trader, trade.id, 'INSUFFICIENT_BALANCE');
    expect(await usdcOf(testbed, trader.account)).toBe(funded + arriving);
    expect(await sharesOf(trader.account)).toEqual(shares);
  });

  it('insufficient_balance buy asks for more USDC than the whole supply, within the market amount bound', async () => {
    const trader = await createTrader(testbed);
    const supply = await testbed.fixture.reader.publicClient.readContract({
      address: testbed.fixture.platform.usdc,
      abi: erc20Abi,
      functionName: 'totalSupply',
    });
    const amount = await unholdableUsdc(testbed.fixture.executor, trader.account);
    expect(amount).toBe(supply + 1n);
    expect(amount <= 2n ** 128n - 1n).toBe(true);
  });

  it('insufficient_balance sell asks for more tokens than any balance: reverts with the position untouched', async () => {
    const trader = await traderHolding(20n * USDC);
    const before = await holdingsOf(testbed, trader.account, testbed.market);
    const trade = await insertMarketTrade(testbed, trader, 1n * USDC, {
      side: 'sell',
      simulation: 'insufficient_balance',
    });

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('failed');

    await expectFailedUnexecuted(trader, trade.id, 'INSUFFICIENT_BALANCE');
    expect(await holdingsOf(testbed, trader.account, testbed.market)).toEqual(before);
  });
});

describe('a stored simulation outside a test executor and test key', () => {
  const ignoredLines = () => testbed.logs.lines().filter((line) => line.event === 'trade.simulation_ignored');

  /** The trade completed organically, executed once, and one error line (after the first `earlier`) says why. */
  async function expectExecutedOrganically(
    trader: Trader,
    tradeId: string,
    earlier: number,
    ignored: { simulation: string; serviceEnv: string; keyEnv: string },
  ) {
    expect((await tradeOf(testbed.db, tradeId)).status).toBe('completed');
    expect(await executionsOf(testbed, trader.account, tradeId)).toHaveLength(1);
    expect(ignoredLines().slice(earlier)).toEqual([expect.objectContaining({ level: 'error', tradeId, ...ignored })]);
  }

  it('is ignored on a live executor: the trade executes organically, with one error line', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { simulation: 'revert' });
    const earlier = ignoredLines().length;

    await expect(executeTrade(tradeDeps(testbed, { serviceEnv: 'live' }), { tradeId: trade.id })).resolves.toBe(
      'completed',
    );

    await expectExecutedOrganically(trader, trade.id, earlier, {
      simulation: 'revert',
      serviceEnv: 'live',
      keyEnv: 'test',
    });
  });

  it('is ignored for a live key on a test executor: the trade executes organically, with one error line', async () => {
    const trader = await createTrader(testbed);
    await testbed.db('api_keys').where({ id: trader.apiKeyId }).update({ env: 'live' });
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { simulation: 'reject' });
    const earlier = ignoredLines().length;

    await expect(executeTrade(tradeDeps(testbed), { tradeId: trade.id })).resolves.toBe('completed');

    await expectExecutedOrganically(trader, trade.id, earlier, {
      simulation: 'reject',
      serviceEnv: 'test',
      keyEnv: 'live',
    });
  });

  it('is ignored when a live executor reconciles a stalled trade: it executes organically, with one error line', async () => {
    const trader = await createTrader(testbed);
    const trade = await insertMarketTrade(testbed, trader, 2n * USDC, { status: 'executing', simulation: 'revert' });
    const earlier = ignoredLines().length;
    const anHourLater = () => new Date(Date.now() + 3_600_000);

    await expect(reconcileTrade(tradeDeps(testbed, { serviceEnv: 'live', now: anHourLater }), trade.id)).resolves.toBe(
      'completed',
    );

    await expectExecutedOrganically(trader, trade.id, earlier, {
      simulation: 'revert',
      serviceEnv: 'live',
      keyEnv: 'test',
    });
  });
});
