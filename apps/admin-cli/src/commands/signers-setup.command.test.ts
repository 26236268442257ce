import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { smartAccountFactoryAbi } from '../../../../shared/contracts/artifacts/index.js';
import { anvilPrivateKey, createFixtureMarket, FAR_DEADLINE, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { accountOperator, isRegisteredSigner } from '../chain/operator-registry-admin.js';
import { buyThroughAccount } from '../../../chain-executor/src/chain/account-trades.js';
import { createSmartAccount } from '../chain/smart-accounts.js';
import { sendContractWrite } from '#shared/chain/contract-writes.js';
import { createUser } from '#shared/db/users/users.repository.js';
import {
  findChainDeployment,
  recordChainDeployment,
} from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { listAdminActions } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface SetupJson {
  registry: Address;
  deployed: boolean;
  signersAdded: Address[];
  accountsMoved: number;
  alreadyMoved: number;
  userOwned: Address[];
  notOnChain: Address[];
}

describe('foretell-admin signers setup', () => {
  let cli: AdminCliHarness;
  const email = () => `setup-${randomUUID()}@example.test`;

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  /** What a platform deployed before the registry looks like: the executor key is the factory's operator, no registry. */
  async function makeLegacyPlatform(): Promise<void> {
    const { fixture } = cli;
    await sendContractWrite(fixture.admin, {
      address: fixture.platform.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'setOperator',
      args: [fixture.executor.account.address],
    });
    const deployment = await findChainDeployment(cli.database.db, fixture.reader.chain.id);
    if (!deployment) throw new Error('the harness recorded no deployment');
    const { deployedAt: _deployedAt, ...recorded } = deployment;
    await recordChainDeployment(cli.database.db, {
      ...recorded,
      operatorAddress: fixture.executor.account.address,
      operatorRegistryAddress: null,
    });
  }

  it('moves a legacy platform’s accounts to a new registry and records it; a rerun has nothing left to move', async () => {
    const { fixture } = cli;
    const { reader } = fixture;
    const executor = fixture.executor.account.address;
    await makeLegacyPlatform();
    const listed = await cli.runJson<{ error: { code: string; message: string } }>(['signers', 'list']);
    expect(listed.code).toBe(69);
    expect(listed.json.error.message).toContain('signers setup');

    const legacyEmail = email();
    const legacy = (await cli.runJson<{ smartAccountAddress: Address }>(['users', 'create', '--email', legacyEmail]))
      .json;
    expect(await accountOperator(reader, legacy.smartAccountAddress)).toBe(executor);
    // An account its user's own wallet owns, and an address with no contract on this chain.
    const ownedBy = fixture.chain.accounts[6]!;
    const ownedUserId = randomUUID();
    const owned = await createSmartAccount(fixture.admin, {
      accountFactory: fixture.platform.accountFactory,
      userId: ownedUserId,
      owner: ownedBy,
    });
    await createUser(cli.database.db, { id: ownedUserId, email: email(), smartAccountAddress: owned.address });
    const elsewhere = getAddress(`0x${randomBytes(20).toString('hex')}`);
    await createUser(cli.database.db, { email: email(), smartAccountAddress: elsewhere });

    const first = await cli.runJson<SetupJson>(['signers', 'setup', '--signer', executor.toLowerCase()]);
    expect(first.code).toBe(0);
    const { registry } = first.json;
    expect(first.json).toEqual({
      registry: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      deployed: true,
      signersAdded: [],
      accountsMoved: 1,
      alreadyMoved: 0,
      userOwned: [owned.address],
      notOnChain: [elsewhere],
    });
    expect(first.err).toContain('examined 3 of 3 smart accounts: 1 moved');
    expect(registry).not.toBe(fixture.platform.operatorRegistry);
    expect(await accountOperator(reader, legacy.smartAccountAddress)).toBe(registry);
    expect(await accountOperator(reader, owned.address)).toBe(executor);
    const factoryOperator = await reader.publicClient.readContract({
      address: fixture.platform.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'operator',
    });
    expect(factoryOperator).toBe(registry);
    expect(await isRegisteredSigner(reader, registry, executor)).toBe(true);
    expect(await findChainDeployment(cli.database.db, reader.chain.id)).toMatchObject({
      operatorAddress: registry,
      operatorRegistryAddress: registry,
    });

    // The executor now moves the account through the registry.
    expect((await cli.run(['users', 'fund', '--user', legacyEmail, '--amount', '50'])).code).toBe(0);
    const { market } = await createFixtureMarket(fixture);
    const bought = await buyThroughAccount(fixture.executor, {
      registry,
      deadline: FAR_DEADLINE,
      account: legacy.smartAccountAddress,
      market,
      outcomeIndex: 1,
      tradeId: randomUUID(),
      usdcIn: 5n * USDC,
      minTokensOut: 1n,
    });
    expect(bought.amountIn).toBe(5n * USDC);

    const newSigner = privateKeyToAddress(anvilPrivateKey(7));
    const second = await cli.runJson<SetupJson>(['signers', 'setup', '--signer', executor, '--signer', newSigner]);
    expect(second.code).toBe(0);
    expect(second.json).toEqual({
      registry,
      deployed: false,
      signersAdded: [newSigner],
      accountsMoved: 0,
      alreadyMoved: 1,
      userOwned: [owned.address],
      notOnChain: [elsewhere],
    });
    expect(await isRegisteredSigner(reader, registry, newSigner)).toBe(true);
    const audits = await listAdminActions(cli.database.db, { action: 'signers.setup' });
    expect(audits.map((entry) => [entry.outcome, entry.details.accountsMoved, entry.details.deployed])).toEqual([
      ['success', 0, false],
      ['success', 1, true],
    ]);

    // Accounts created from now on get the registry as their operator.
    const fresh = (await cli.runJson<{ smartAccountAddress: Address }>(['users', 'create', '--email', email()])).json;
    expect(await accountOperator(reader, fresh.smartAccountAddress)).toBe(registry);
  });
});
