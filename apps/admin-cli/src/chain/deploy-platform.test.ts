import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  marketAbi,
  marketFactoryAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
} from '../../../../shared/contracts/artifacts/index.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { createFixtureMarket, USDC, type ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { deployMarket, deployPlatform } from './deploy-platform.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { cancelMarket, freezeMarket, mintTestUsdc, resolveMarket } from './market-admin.js';
import { readMarketState } from '#shared/chain/market-reads.js';
import { createSmartAccount, findSmartAccount, predictSmartAccountAddress } from './smart-accounts.js';

let fixture: ChainFixture;

useChainFixture(async (started) => {
  fixture = started;
});

describe('deployPlatform', () => {
  it('wires TestUSDC, the market factory (treasury) and the account factory (operator = the OperatorRegistry)', async () => {
    const { platform, reader, admin, treasury } = fixture;
    expect(platform.chainId).toBe(31337);
    const read = reader.publicClient.readContract;
    const factory = { address: platform.marketFactory, abi: marketFactoryAbi } as const;
    const accounts = { address: platform.accountFactory, abi: smartAccountFactoryAbi } as const;
    expect(await read({ ...factory, functionName: 'treasury' })).toBe(treasury);
    expect(await read({ ...factory, functionName: 'owner' })).toBe(admin.account.address);
    expect(await read({ ...factory, functionName: 'usdc' })).toBe(platform.usdc);
    expect(await read({ ...accounts, functionName: 'operator' })).toBe(platform.operatorRegistry);
    expect(await read({ ...accounts, functionName: 'marketFactory' })).toBe(platform.marketFactory);
  });

  it('refuses to deploy TestUSDC unless allowed', async () => {
    const options = { treasury: fixture.treasury, signers: [fixture.executor.account.address] };
    await expect(deployPlatform(fixture.admin, options)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('deployMarket', () => {
  it('creates the market for a UUID once, with equal weights, the seed and the resolve time from end_time', async () => {
    const marketId = randomUUID();
    const block = await fixture.reader.publicClient.getBlock();
    const endTime = new Date(Number(block.timestamp) * 1000 + 86_400_500);
    const options = { marketId, outcomeCount: 3, initialReserve: 30n * USDC, endTime, mintInitialReserve: true };
    const first = await deployMarket(fixture.admin, fixture.platform, options);
    expect(first.created).toBe(true);
    expect(first.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const again = await deployMarket(fixture.admin, fixture.platform, options);
    expect(again).toEqual({ address: first.address, txHash: null, created: false });

    const read = fixture.reader.publicClient.readContract;
    const onMarket = { address: first.address, abi: marketAbi } as const;
    expect(await read({ ...onMarket, functionName: 'marketId' })).toBe(uuidToBytes32(marketId));
    expect(await read({ ...onMarket, functionName: 'weights' })).toEqual([
      333_333_333_333_333_334n,
      333_333_333_333_333_333n,
      333_333_333_333_333_333n,
    ]);
    expect(await read({ ...onMarket, functionName: 'resolveTime' })).toBe(BigInt(Math.ceil(endTime.getTime() / 1000)));
    expect(await read({ ...onMarket, functionName: 'gracePeriod' })).toBe(7n * 86_400n);
    expect(await readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account: first.address })).toBe(
      30n * USDC,
    );
  });

  it('rejects an end time in the past with VALIDATION_FAILED', async () => {
    const options = {
      marketId: randomUUID(),
      outcomeCount: 2,
      initialReserve: 10n * USDC,
      endTime: new Date(1_000_000),
      mintInitialReserve: true,
    };
    await expect(deployMarket(fixture.admin, fixture.platform, options)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('smart accounts', () => {
  it('creates a user account at the predicted address, idempotently, with the OperatorRegistry as operator', async () => {
    const userId = randomUUID();
    const accountFactory = fixture.platform.accountFactory;
    const predicted = await predictSmartAccountAddress(fixture.reader, { accountFactory, userId });
    expect(await findSmartAccount(fixture.reader, { accountFactory, userId })).toBeUndefined();
    const created = await createSmartAccount(fixture.admin, { accountFactory, userId });
    expect(created).toMatchObject({ address: predicted, created: true });
    const [again, raced] = await Promise.all([
      createSmartAccount(fixture.admin, { accountFactory, userId }),
      createSmartAccount(fixture.admin, { accountFactory, userId }),
    ]);
    expect(again).toEqual({ address: predicted, txHash: null, created: false });
    expect(raced.address).toBe(predicted);
    const operator = await fixture.reader.publicClient.readContract({
      address: predicted,
      abi: smartAccountAbi,
      functionName: 'operator',
    });
    expect(operator).toBe(fixture.platform.operatorRegistry);
  });

  it('mints test USDC to an account for users fund', async () => {
    const to = await predictSmartAccountAddress(fixture.reader, {
      accountFactory: fixture.platform.accountFactory,
      userId: randomUUID(),
    });
    await mintTestUsdc(fixture.admin, { usdc: fixture.platform.usdc, to, amount: 25n * USDC });
    expect(await readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account: to })).toBe(25n * USDC);
    await expect(
      mintTestUsdc(fixture.executor, { usdc: fixture.platform.usdc, to, amount: USDC }),
    ).rejects.toMatchObject({
      code: 'CHAIN_REVERTED',
      detail: 'The chain rejected the transaction (OwnableUnauthorizedAccount)',
    });
  });
});

describe('admin market actions', () => {
  it('freezes, refuses invalid transitions with MARKET_STATE_CONFLICT and checks winners', async () => {
    const { market } = await createFixtureMarket(fixture);
    await freezeMarket(fixture.admin, market);
    expect(await readMarketState(fixture.reader, market)).toBe('FROZEN');
    await expect(freezeMarket(fixture.admin, market)).rejects.toMatchObject({ code: 'MARKET_STATE_CONFLICT' });
    await expect(resolveMarket(fixture.admin, { market, winners: [0, 0] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(resolveMarket(fixture.admin, { market, winners: [5] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(cancelMarket(fixture.executor, market)).rejects.toMatchObject({ code: 'MARKET_STATE_CONFLICT' });
    await cancelMarket(fixture.admin, market);
    expect(await readMarketState(fixture.reader, market)).toBe('CANCELLED');
    await expect(resolveMarket(fixture.admin, { market, winners: [0] })).rejects.toMatchObject({
      code: 'MARKET_STATE_CONFLICT',
    });
  });
});
