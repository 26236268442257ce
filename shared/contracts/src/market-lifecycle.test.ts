import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { parseEventLogs, type Address, type Hex } from 'viem';
import { marketAbi, testUsdcAbi } from '../artifacts/index.js';
import {
  createTestMarket,
  deployForetell,
  mintUsdc,
  revertReason,
  send,
  startTestChain,
  type ForetellDeployment,
  type TestChain,
} from '#tooling/testing/test-chain.js';

const USDC = 1_000_000n;
const DAY = 86_400n;
const THIRD = 333_333_333_333_333_333n;
const WEIGHTS = [THIRD, THIRD, 10n ** 18n - 2n * THIRD] as const;

let chain: TestChain;
let deployment: ForetellDeployment;
let market: Address;
let resolveTime: bigint;
let clean: Hex;
const alice = () => chain.accounts[3]!;
const bob = () => chain.accounts[4]!;

beforeAll(async () => {
  chain = await startTestChain();
  deployment = await deployForetell(chain);
  resolveTime = (await chain.publicClient.getBlock()).timestamp + 10n * DAY;
  market = await createTestMarket(chain, deployment, {
    marketId: `0x${'02'.repeat(32)}`,
    weights: WEIGHTS,
    initialReserve: 300n * USDC,
    resolveTime,
    gracePeriod: 3n * DAY,
  });
  for (const index of [3, 4]) {
    await mintUsdc(chain, deployment, chain.accounts[index]!, 1_000n * USDC);
    const args = [market, 1_000n * USDC] as const;
    await send(chain, chain.wallets[index]!, {
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: 'approve',
      args,
    });
  }
  await send(chain, chain.wallets[3]!, {
    address: market,
    abi: marketAbi,
    functionName: 'buy',
    args: [0n, 200n * USDC, 0n],
  });
  await send(chain, chain.wallets[4]!, {
    address: market,
    abi: marketAbi,
    functionName: 'buy',
    args: [1n, 50n * USDC, 0n],
  });
  await send(chain, chain.wallets[4]!, {
    address: market,
    abi: marketAbi,
    functionName: 'buy',
    args: [0n, 10n * USDC, 0n],
  });
  clean = await chain.snapshot();
});

beforeEach(async () => {
  await chain.revert(clean);
  clean = await chain.snapshot();
});

afterAll(async () => {
  await chain?.stop();
});

function act(wallet: number, functionName: 'freeze' | 'unfreeze' | 'cancel', args: readonly [] = []) {
  return send(chain, chain.wallets[wallet]!, { address: market, abi: marketAbi, functionName, args });
}
const resolve = (wallet: number, winners: bigint[]) =>
  send(chain, chain.wallets[wallet]!, { address: market, abi: marketAbi, functionName: 'resolve', args: [winners] });
const redeem = (wallet: number, outcome: bigint) =>
  send(chain, chain.wallets[wallet]!, { address: market, abi: marketAbi, functionName: 'redeem', args: [outcome] });
const buy = (wallet: number) =>
  send(chain, chain.wallets[wallet]!, { address: market, abi: marketAbi, functionName: 'buy', args: [0n, USDC, 0n] });
const read = <F extends 'state' | 'reserve' | 'finalReserve' | 'winningSupply' | 'supplies' | 'snapshot'>(
  functionName: F,
) => chain.publicClient.readContract({ address: market, abi: marketAbi, functionName });
const balance = (account: Address, outcome: bigint) =>
  chain.publicClient.readContract({
    address: market,
    abi: marketAbi,
    functionName: 'balanceOf',
    args: [account, outcome],
  });
const usdcOf = (account: Address) =>
  chain.publicClient.readContract({
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'balanceOf',
    args: [account],
  });

async function redeemAndMeasure(wallet: number, outcome: bigint): Promise<bigint> {
  const account = chain.accounts[wallet]!;
  const before = await usdcOf(account);
  const receipt = await redeem(wallet, outcome);
  const [event] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'Redeemed' });
  const paid = (await usdcOf(account)) - before;
  expect(event?.args.usdcOut).toBe(paid);
  return paid;
}

describe('Market lifecycle', () => {
  it('freezing blocks trading with MarketNotOpen until the owner unfreezes; only the owner can do either', async () => {
    expect(await revertReason(act(3, 'freeze'))).toBe('OwnableUnauthorizedAccount');
    await act(0, 'freeze');
    expect(await read('state')).toBe(1);
    expect(await revertReason(buy(3))).toBe('MarketNotOpen');
    expect(await revertReason(act(0, 'freeze'))).toBe('InvalidStateTransition');
    await act(0, 'unfreeze');
    await buy(3);
  });

  it('stops trading at resolveTime with TradingClosed', async () => {
    await chain.testClient.setNextBlockTimestamp({ timestamp: resolveTime });
    await chain.testClient.mine({ blocks: 1 });
    expect(await revertReason(buy(3))).toBe('TradingClosed');
  });

  it('pays each winning token finalReserve / winningSupply and refuses losers and second claims', async () => {
    expect(await revertReason(redeem(3, 0n))).toBe('NotSettled');
    expect(await revertReason(resolve(3, [0n]))).toBe('OwnableUnauthorizedAccount');
    await resolve(0, [0n]);
    const [finalReserve, supplies] = [await read('finalReserve'), await read('supplies')];
    expect(await read('winningSupply')).toBe(supplies[0]);
    expect(await read('state')).toBe(2);

    const aliceTokens = await balance(alice(), 0n);
    const paid = await redeemAndMeasure(3, 0n);
    expect(paid).toBe((finalReserve * aliceTokens) / supplies[0]! / 10n ** 12n);
    expect(await revertReason(redeem(3, 0n))).toBe('NothingToRedeem');
    expect(await revertReason(redeem(4, 1n))).toBe('NotWinningOutcome');
    expect(await revertReason(act(0, 'cancel'))).toBe('InvalidStateTransition');
  });

  it('splits the reserve equally per token across several winners, down to dust', async () => {
    expect(await revertReason(resolve(0, [1n, 0n]))).toBe('InvalidWinners');
    await resolve(0, [0n, 1n]);
    const finalReserve = await read('finalReserve');
    let paid = 0n;
    for (const [wallet, outcome] of [
      [3, 0n],
      [4, 0n],
      [4, 1n],
      [0, 0n],
      [0, 1n],
    ] as const) {
      paid += await redeemAndMeasure(wallet, outcome);
    }
    const [, prices] = await read('snapshot');
    expect(prices[0]).toBe(prices[1]);
    expect(prices[2]).toBe(0n);
    expect(finalReserve / 10n ** 12n - paid).toBeLessThanOrEqual(5n);
    expect(await usdcOf(market)).toBe(finalReserve / 10n ** 12n - paid);
  });

  it('cancels with a price snapshot whose refunds add up to the reserve', async () => {
    const receipt = await act(0, 'cancel');
    const [event] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'MarketCancelled' });
    const [finalReserve, prices] = await read('snapshot');
    expect(event?.args.refundPrices).toEqual(prices);
    expect(await read('state')).toBe(3);
    const supplies = await read('supplies');
    const valued = supplies.reduce((sum, supply, i) => sum + (supply * prices[i]!) / 10n ** 18n, 0n);
    expect(finalReserve - valued).toBeLessThan(10n ** 6n);

    let paid = 0n;
    for (const [wallet, outcome] of [
      [3, 0n],
      [4, 0n],
      [4, 1n],
      [0, 0n],
      [0, 1n],
      [0, 2n],
    ] as const) {
      paid += await redeemAndMeasure(wallet, outcome);
    }
    expect(finalReserve / 10n ** 12n - paid).toBeLessThanOrEqual(6n);
    expect(paid).toBeLessThanOrEqual(finalReserve / 10n ** 12n);
  });

  it('lets anyone cancel once resolveTime + grace period has passed, and nobody but the owner before', async () => {
    await chain.testClient.setNextBlockTimestamp({ timestamp: resolveTime + 3n * DAY - 1n });
    await chain.testClient.mine({ blocks: 1 });
    expect(await revertReason(act(4, 'cancel'))).toBe('CancelNotAllowed');
    await chain.testClient.setNextBlockTimestamp({ timestamp: resolveTime + 3n * DAY });
    await chain.testClient.mine({ blocks: 1 });
    const receipt = await act(4, 'cancel');
    const [event] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'MarketCancelled' });
    expect(event?.args.by).toBe(bob());
    expect(await read('state')).toBe(3);
  });
});
