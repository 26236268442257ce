import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { encodeFunctionData, type Address } from 'viem';
import { operatorRegistryAbi, smartAccountAbi, smartAccountFactoryAbi } from '../../contracts/artifacts/index.js';
import { buyThroughAccount, findTradeExecution } from '../../../apps/chain-executor/src/chain/account-trades.js';
import { readUsdcBalance } from './balances.js';
import { withSigner } from './chain-clients.js';
import {
  anvilPrivateKey,
  createFixtureMarket,
  createFundedAccount,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { sendContractWrite, tracedRevertData } from './contract-writes.js';
import { uuidToBytes32 } from './ids-on-chain.js';
import { forwardCallData } from '../../../apps/chain-executor/src/chain/operator-calls.js';
import {
  accountOperator,
  isRegisteredSigner,
  listRegisteredSigners,
  moveAccountToRegistry,
  setSignerRegistered,
} from '../../../apps/admin-cli/src/chain/operator-registry-admin.js';
import { appErrorFromRevert, decodeRevertData } from './revert-errors.js';
import { createSmartAccount } from '../../../apps/admin-cli/src/chain/smart-accounts.js';
import { appErrorOf } from '#tooling/testing/app-error-rejection.js';

let fixture: ChainFixture;
let market: Address;
let account: Address;

useChainFixture(async (started) => {
  fixture = started;
  ({ market } = await createFixtureMarket(fixture));
  ({ account } = await createFundedAccount(fixture, 1_000n * USDC));
});

const usdcOf = (holder: Address) => readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account: holder });
const buy = (signer = fixture.executor, target: Address = account, deadline = fixture.route.deadline) =>
  buyThroughAccount(signer, {
    ...fixture.route,
    deadline,
    account: target,
    market,
    outcomeIndex: 0,
    usdcIn: 10n * USDC,
    minTokensOut: 0n,
    tradeId: randomUUID(),
  });

describe('the OperatorRegistry, operator of every smart account', () => {
  it('is the operator new accounts get, and forwards a registered signer’s trade to the account', async () => {
    expect(await accountOperator(fixture.reader, account)).toBe(fixture.route.registry);
    const execution = await buy();
    expect(execution).toMatchObject({ account, market, action: 'buy', amountIn: 10n * USDC, replayed: false });
    expect(await usdcOf(account)).toBe(990n * USDC);
  });

  it('adds a signer in one admin transaction; revoking one stops it on every account at once', async () => {
    const second = withSigner(fixture.reader, anvilPrivateKey(7));
    second.resetNonce();
    const other = (await createFundedAccount(fixture, 100n * USDC)).account;
    const registry = fixture.route.registry;
    expect(await appErrorOf(buy(second))).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });

    await setSignerRegistered(fixture.admin, { registry, signer: second.account.address, registered: true });
    await buy(second, other);
    await setSignerRegistered(fixture.admin, { registry, signer: second.account.address, registered: false });

    for (const target of [account, other]) {
      const refused = await appErrorOf(buy(second, target));
      expect(refused).toMatchObject({
        code: 'DEPENDENCY_UNAVAILABLE',
        detail: expect.stringMatching(/not registered/),
      });
    }
    expect(await usdcOf(account)).toBe(1_000n * USDC);
    expect(await isRegisteredSigner(fixture.reader, registry, fixture.executor.account.address)).toBe(true);
    expect(await listRegisteredSigners(fixture.reader, registry)).toEqual([
      { signer: fixture.executor.account.address, registered: true },
      { signer: second.account.address, registered: false },
    ]);
  });

  it('refuses only the admin may register signers', async () => {
    const registry = fixture.route.registry;
    const refused = await appErrorOf(
      setSignerRegistered(fixture.executor, { registry, signer: fixture.executor.account.address, registered: false }),
    );
    expect(refused.code).toBe('CHAIN_REVERTED');
    expect(await isRegisteredSigner(fixture.reader, registry, fixture.executor.account.address)).toBe(true);
  });

  it('refuses a call whose deadline has passed: EXECUTION_TIMEOUT, the trade id unused', async () => {
    const block = await fixture.reader.publicClient.getBlock();
    const error = await appErrorOf(buy(fixture.executor, account, block.timestamp - 1n));
    expect(error).toMatchObject({ code: 'EXECUTION_TIMEOUT', retry: false });
    expect(await usdcOf(account)).toBe(1_000n * USDC);
  });

  it('a transaction held out of blocks past its deadline is refused on-chain when it is finally mined', async () => {
    const { testClient } = fixture.chain;
    const block = await fixture.reader.publicClient.getBlock();
    const deadline = block.timestamp + 30n;
    const tradeId = randomUUID();
    const accountCall = encodeFunctionData({
      abi: smartAccountAbi,
      functionName: 'buy',
      args: [uuidToBytes32(tradeId), market, 0n, 10n * USDC, 0n],
    });
    await testClient.setAutomine(false);
    try {
      const hash = await fixture.executor.walletClient.sendTransaction({
        to: fixture.route.registry,
        data: forwardCallData({ registry: fixture.route.registry, deadline }, account, accountCall),
        gas: 1_000_000n,
        chain: fixture.executor.chain,
      });
      await testClient.setNextBlockTimestamp({ timestamp: deadline + 1n });
      await testClient.mine({ blocks: 1 });
      const receipt = await fixture.reader.publicClient.getTransactionReceipt({ hash });
      expect(receipt.status).toBe('reverted');
      const refusal = appErrorFromRevert(decodeRevertData(await tracedRevertData(fixture.reader, hash)));
      expect(refusal.code).toBe('EXECUTION_TIMEOUT');
    } finally {
      await testClient.setAutomine(true);
    }
    expect(await findTradeExecution(fixture.reader, { account, tradeId })).toBeUndefined();
    expect(await usdcOf(account)).toBe(1_000n * USDC);
  });

  it('never forwards to itself', async () => {
    const data = encodeFunctionData({
      abi: operatorRegistryAbi,
      functionName: 'revokeSigner',
      args: [fixture.executor.account.address],
    });
    await expect(
      fixture.reader.publicClient.call({
        account: fixture.executor.account.address,
        to: fixture.route.registry,
        data: forwardCallData(fixture.route, fixture.route.registry, data),
      }),
    ).rejects.toThrow(/ForbiddenTarget|reverted/);
  });

  it('moves an account made before the registry to it; an account its user owns stays theirs', async () => {
    const { admin, platform } = fixture;
    const registry = fixture.route.registry;
    // The factory handed out the executor key itself before the registry existed.
    const setFactoryOperator = (operator: Address) =>
      sendContractWrite(admin, {
        address: platform.accountFactory,
        abi: smartAccountFactoryAbi,
        functionName: 'setOperator',
        args: [operator],
      });
    await setFactoryOperator(fixture.executor.account.address);
    const legacy = await createSmartAccount(admin, { accountFactory: platform.accountFactory, userId: randomUUID() });
    const userOwned = await createSmartAccount(admin, {
      accountFactory: platform.accountFactory,
      userId: randomUUID(),
      owner: fixture.chain.accounts[6]!,
    });
    await setFactoryOperator(registry);

    expect(await moveAccountToRegistry(admin, { account: legacy.address, registry })).toBe('moved');
    expect(await moveAccountToRegistry(admin, { account: legacy.address, registry })).toBe('already');
    expect(await accountOperator(fixture.reader, legacy.address)).toBe(registry);
    expect(await moveAccountToRegistry(admin, { account: userOwned.address, registry })).toBe('not_owner');
    expect(await accountOperator(fixture.reader, userOwned.address)).toBe(fixture.executor.account.address);
  });
});
