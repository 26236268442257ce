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
const WAD = 10n ** 18n;
const WEIGHTS = [600_000_000_000_000_000n, 400_000_000_000_000_000n] as const;

let chain: TestChain;
let deployment: ForetellDeployment;
let market: Address;
let clean: Hex;
let trader: Address;

beforeAll(async () => {
  chain = await startTestChain();
  deployment = await deployForetell(chain);
  market = await createTestMarket(chain, deployment, {
    marketId: `0x${'01'.repeat(32)}`,
    weights: WEIGHTS,
    initialReserve: 1_000n * USDC,
  });
  trader = chain.accounts[3]!;
  await mintUsdc(chain, deployment, trader, 10_000n * USDC);
  const approve = [market, 10_000n * USDC] as const;
  await send(chain, chain.wallets[3]!, {
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'approve',
    args: approve,
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

const view = <F extends 'reserve' | 'coefficient' | 'supplies' | 'currentPrices' | 'sellFeeBps'>(functionName: F) =>
  chain.publicClient.readContract({ address: market, abi: marketAbi, functionName });
const usdcOf = (account: Address) =>
  chain.publicClient.readContract({
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'balanceOf',
    args: [account],
  });
const tokensOf = (outcome: bigint) =>
  chain.publicClient.readContract({
    address: market,
    abi: marketAbi,
    functionName: 'balanceOf',
    args: [trader, outcome],
  });
const trade = (functionName: 'buy' | 'sell' | 'sellForExactUsdc', args: readonly [bigint, bigint, bigint]) =>
  send(chain, chain.wallets[3]!, { address: market, abi: marketAbi, functionName, args });

describe('Market trading', () => {
  it('starts with prices and capital shares equal to the weights, c = 1e18 and fees of 1 % + 1 % on sells', async () => {
    const [p, q, c] = await view('currentPrices');
    expect(p).toEqual([...WEIGHTS]);
    expect(q).toEqual([...WEIGHTS]);
    expect(c).toBe(WAD);
    expect(await view('reserve')).toBe(1_000n * WAD);
    expect(await view('sellFeeBps')).toEqual([100n, 100n]);
  });

  it('buys at the quoted amount, sends the 1 % fee to the treasury, keeps c and emits Bought', async () => {
    const quote = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteBuy',
      args: [0n, 100n * USDC],
    });
    const treasuryBefore = await usdcOf(deployment.treasury);
    const receipt = await trade('buy', [0n, 100n * USDC, quote.tokensOut]);

    expect(quote.fee).toBe(1n * USDC);
    expect(await tokensOf(0n)).toBe(quote.tokensOut);
    expect((await usdcOf(deployment.treasury)) - treasuryBefore).toBe(1n * USDC);
    expect(await view('reserve')).toBe(quote.reserveAfter);
    expect(await view('coefficient')).toBe(quote.c);
    expect(quote.c).toBe(WAD);
    const [event] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'Bought' });
    expect(event?.args).toMatchObject({
      account: trader,
      outcome: 0n,
      usdcIn: 100n * USDC,
      tokensOut: quote.tokensOut,
    });
    expect(event?.args.priceAfter).toBeGreaterThan(WEIGHTS[0]);
  });

  it('sells for the net quote, sends both fees and the rounding to the treasury, keeps none and lowers c', async () => {
    await trade('buy', [0n, 100n * USDC, 0n]);
    const tokens = await tokensOf(0n);
    const quote = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [0n, tokens],
    });
    const cBefore = await view('coefficient');
    const traderBefore = await usdcOf(trader);
    const treasuryBefore = await usdcOf(deployment.treasury);
    const reserveBefore = await view('reserve');
    await trade('sell', [0n, tokens, quote.usdcOut]);

    const grossUsdc = quote.grossRelease / 10n ** 12n;
    expect(quote.usdcOut + quote.ammFee + quote.protocolFee).toBe(grossUsdc);
    expect((await usdcOf(trader)) - traderBefore).toBe(quote.usdcOut);
    expect((await usdcOf(deployment.treasury)) - treasuryBefore).toBe(quote.ammFee + quote.protocolFee);
    expect(reserveBefore - (await view('reserve'))).toBe(quote.grossRelease);
    expect(quote.reserveAfter).toBe(await view('reserve'));
    expect(quote.usdcOut).toBeLessThan(100n * USDC);
    // 1 % of the curve's release each, the AMM fee also carrying the reserve's rounding (1 or 2 atomic units).
    expect(quote.ammFee - quote.protocolFee).toBeGreaterThanOrEqual(1n);
    expect(quote.ammFee - quote.protocolFee).toBeLessThanOrEqual(3n);
    expect(await view('coefficient')).toBe(quote.c);
    expect(quote.c).toBeLessThan(cBefore);
  });

  it('sells the fewest tokens that pay exactly the requested USDC', async () => {
    await trade('buy', [1n, 500n * USDC, 0n]);
    const held = await tokensOf(1n);
    const [tokensIn, quote] = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSellForExactUsdc',
      args: [1n, 123_456_789n],
    });
    const before = await usdcOf(trader);
    await trade('sellForExactUsdc', [1n, 123_456_789n, tokensIn]);

    expect(quote.usdcOut).toBe(123_456_789n);
    expect((await usdcOf(trader)) - before).toBe(123_456_789n);
    expect(held - (await tokensOf(1n))).toBe(tokensIn);
    const oneLess = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [1n, tokensIn - 1n],
    });
    expect(oneLess.usdcOut).toBeLessThan(123_456_789n);
  });

  it('reverts SlippageExceeded when a buy, sell or exact sell misses its guard', async () => {
    const quote = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteBuy',
      args: [0n, 50n * USDC],
    });
    expect(await revertReason(trade('buy', [0n, 50n * USDC, quote.tokensOut + 1n]))).toBe('SlippageExceeded');
    await trade('buy', [0n, 50n * USDC, quote.tokensOut]);
    const sellQuote = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [0n, quote.tokensOut],
    });
    expect(await revertReason(trade('sell', [0n, quote.tokensOut, sellQuote.usdcOut + 1n]))).toBe('SlippageExceeded');
    const [tokensIn] = await chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSellForExactUsdc',
      args: [0n, 10n * USDC],
    });
    expect(await revertReason(trade('sellForExactUsdc', [0n, 10n * USDC, tokensIn - 1n]))).toBe('SlippageExceeded');
  });

  it('rejects zero amounts, unknown outcomes, oversized sells and unreachable exact sells', async () => {
    expect(await revertReason(trade('buy', [0n, 0n, 0n]))).toBe('ZeroAmount');
    expect(await revertReason(trade('buy', [2n, USDC, 0n]))).toBe('InvalidOutcome');
    expect(await revertReason(trade('sell', [0n, 1n, 0n]))).toBe('InsufficientBalance');
    expect(await revertReason(trade('sellForExactUsdc', [0n, 5_000n * USDC, 2n ** 200n]))).toBe('UnreachableOutput');
    expect(await revertReason(trade('sellForExactUsdc', [0n, USDC, 2n ** 200n]))).toBe('InsufficientBalance');
    const oversized = chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [0n, 10n ** 40n],
    });
    expect(await revertReason(oversized)).toBe('ExceedsSupply');
  });
});
