import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseEventLogs, type Hex } from 'viem';
import { marketAbi, marketFactoryAbi, testUsdcAbi } from '../artifacts/index.js';
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
const HALF = 500_000_000_000_000_000n;

let chain: TestChain;
let deployment: ForetellDeployment;

beforeAll(async () => {
  chain = await startTestChain();
  deployment = await deployForetell(chain);
});

afterAll(async () => {
  await chain?.stop();
});

async function paramsFor(marketId: Hex, weights: readonly bigint[]) {
  const { timestamp } = await chain.publicClient.getBlock();
  return {
    marketId,
    weights,
    initialReserve: 10n * USDC,
    resolveTime: timestamp + 3_600n,
    gracePeriod: 86_400n,
    liquidityProvider: deployment.admin,
  };
}

async function tryCreate(wallet: number, marketId: Hex, weights: readonly bigint[]) {
  await mintUsdc(chain, deployment, chain.accounts[wallet]!, 10n * USDC);
  const approve = [deployment.marketFactory, 10n * USDC] as const;
  await send(chain, chain.wallets[wallet]!, {
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'approve',
    args: approve,
  });
  const args = [await paramsFor(marketId, weights)] as const;
  return send(chain, chain.wallets[wallet]!, {
    address: deployment.marketFactory,
    abi: marketFactoryAbi,
    functionName: 'createMarket',
    args,
  });
}

describe('MarketFactory', () => {
  it('creates a seeded market at the address predicted from its id, registers it and emits MarketCreated', async () => {
    const marketId = `0x${'0a'.repeat(32)}` as Hex;
    const factory = { address: deployment.marketFactory, abi: marketFactoryAbi } as const;
    const predicted = await chain.publicClient.readContract({
      ...factory,
      functionName: 'predictMarketAddress',
      args: [marketId],
    });
    const receipt = await tryCreate(0, marketId, [HALF, HALF]);
    const [event] = parseEventLogs({ abi: marketFactoryAbi, logs: receipt.logs, eventName: 'MarketCreated' });

    expect(event?.args.market).toBe(predicted);
    expect(await chain.publicClient.readContract({ ...factory, functionName: 'isMarket', args: [predicted] })).toBe(
      true,
    );
    expect(await chain.publicClient.readContract({ ...factory, functionName: 'marketOf', args: [marketId] })).toBe(
      predicted,
    );
    const market = { address: predicted, abi: marketAbi } as const;
    expect(await chain.publicClient.readContract({ ...market, functionName: 'owner' })).toBe(deployment.admin);
    expect(await chain.publicClient.readContract({ ...market, functionName: 'treasury' })).toBe(deployment.treasury);
    expect(await chain.publicClient.readContract({ ...market, functionName: 'supplies' })).toEqual([
      10n ** 19n,
      10n ** 19n,
    ]);
    const seedBalance = [deployment.admin, 0n] as const;
    expect(await chain.publicClient.readContract({ ...market, functionName: 'balanceOf', args: seedBalance })).toBe(
      10n ** 19n,
    );
    const held = await chain.publicClient.readContract({
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [predicted],
    });
    expect(held).toBe(10n * USDC);
  });

  it('refuses a second market with the same id (MarketExists)', async () => {
    const marketId = `0x${'0b'.repeat(32)}` as Hex;
    await createTestMarket(chain, deployment, { marketId, weights: [HALF, HALF], initialReserve: 10n * USDC });
    expect(await revertReason(tryCreate(0, marketId, [HALF, HALF]))).toBe('MarketExists');
  });

  it('lets only its owner create markets', async () => {
    expect(await revertReason(tryCreate(5, `0x${'0c'.repeat(32)}`, [HALF, HALF]))).toBe('OwnableUnauthorizedAccount');
  });

  it('rejects weights that do not sum to 1e18, a weight below 0.01 % and a single outcome', async () => {
    expect(await revertReason(tryCreate(0, `0x${'0d'.repeat(32)}`, [HALF, HALF - 1n]))).toBe('InvalidWeights');
    const tiny = [10n ** 13n, 10n ** 18n - 10n ** 13n];
    expect(await revertReason(tryCreate(0, `0x${'0e'.repeat(32)}`, tiny))).toBe('InvalidWeights');
    expect(await revertReason(tryCreate(0, `0x${'0f'.repeat(32)}`, [10n ** 18n]))).toBe('InvalidOutcomeCount');
  });

  it('accepts up to 100 outcomes and no more', async () => {
    const hundred = Array.from({ length: 100 }, () => 10n ** 16n);
    await tryCreate(0, `0x${'10'.repeat(32)}`, hundred);
    const tooMany = Array.from({ length: 101 }, () => 10n ** 16n);
    expect(await revertReason(tryCreate(0, `0x${'11'.repeat(32)}`, tooMany))).toBe('InvalidOutcomeCount');
  });
});
