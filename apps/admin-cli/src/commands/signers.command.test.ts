import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { anvilPrivateKey, createFixtureMarket, FAR_DEADLINE, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { buyThroughAccount } from '../../../chain-executor/src/chain/account-trades.js';
import { isRegisteredSigner } from '../chain/operator-registry-admin.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { withSigner } from '#shared/chain/chain-clients.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface SignerChange {
  registry: Address;
  address: Address;
  registered: boolean;
  txHash: Hex | null;
}
interface SignerList {
  registry: Address;
  signers: Array<{ address: Address; registered: boolean }>;
}

describe('foretell-admin signers', () => {
  let cli: AdminCliHarness;
  let registry: Address;
  const registered = (signer: Address) => isRegisteredSigner(cli.fixture.reader, registry, signer);
  const blockNumber = () => cli.fixture.reader.publicClient.getBlockNumber({ cacheTime: 0 });

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
    registry = cli.fixture.platform.operatorRegistry!;
  });
  afterAll(() => cli.stop());

  it('lists the registry’s signers: the executor key it was deployed with, registered', async () => {
    const result = await cli.runJson<SignerList>(['signers', 'list']);
    expect(result.code).toBe(0);
    expect(result.json).toEqual({
      registry,
      signers: [{ address: cli.fixture.executor.account.address, registered: true }],
    });
    const human = await cli.runAudited(['signers', 'list', '--actor', 'ops:erin']);
    expect(human.out).toContain(`${cli.fixture.executor.account.address}  registered`);
    expect(human.audits).toEqual([
      expect.objectContaining({ actor: 'ops:erin', action: 'signers.list', outcome: 'success' }),
    ]);
  });

  it('adds a signer that can then move accounts; revoked, it can move none; each change repeats without a send', async () => {
    const key = anvilPrivateKey(5);
    const address = privateKeyToAddress(key);
    const added = await cli.runJson<SignerChange>(['signers', 'add', '--address', address.toLowerCase()]);
    expect(added.code).toBe(0);
    expect(added.json).toEqual({
      registry,
      address,
      registered: true,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await registered(address)).toBe(true);
    const again = await cli.runJson<SignerChange>(['signers', 'add', '--address', address]);
    expect(again.json).toEqual({ registry, address, registered: true, txHash: null });

    const email = `signers-${randomUUID()}@example.test`;
    const user = (await cli.runJson<{ smartAccountAddress: Address }>(['users', 'create', '--email', email])).json;
    expect((await cli.run(['users', 'fund', '--user', email, '--amount', '100'])).code).toBe(0);
    const { market } = await createFixtureMarket(cli.fixture);
    const signer = withSigner(cli.fixture.reader, key);
    signer.resetNonce();
    const buy = () =>
      buyThroughAccount(signer, {
        registry,
        deadline: FAR_DEADLINE,
        account: user.smartAccountAddress,
        market,
        outcomeIndex: 0,
        tradeId: randomUUID(),
        usdcIn: 10n * USDC,
        minTokensOut: 1n,
      });
    const balance = () =>
      readUsdcBalance(cli.fixture.reader, { usdc: cli.fixture.platform.usdc, account: user.smartAccountAddress });
    await buy();
    expect(await balance()).toBe(90n * USDC);

    const revoked = await cli.runJson<SignerChange>(['signers', 'revoke', '--address', address, '--actor', 'ops:erin']);
    expect(revoked.code).toBe(0);
    expect(revoked.json).toEqual({ registry, address, registered: false, txHash: expect.stringMatching(/^0x/) });
    expect(await registered(address)).toBe(false);
    await expect(buy()).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });
    expect(await balance()).toBe(90n * USDC);
    const revokedAgain = await cli.runJson<SignerChange>(['signers', 'revoke', '--address', address]);
    expect(revokedAgain.json).toEqual({ registry, address, registered: false, txHash: null });

    const list = await cli.runJson<SignerList>(['signers', 'list']);
    expect(list.json.signers).toContainEqual({ address, registered: false });
    const audits = await cli.auditOf('signer', address);
    expect(audits.map((entry) => [entry.action, entry.outcome, entry.details.alreadyInThatState])).toEqual([
      ['signers.revoke', 'success', true],
      ['signers.revoke', 'success', false],
      ['signers.add', 'success', true],
      ['signers.add', 'success', false],
    ]);
    expect(audits[1]).toMatchObject({ actor: 'ops:erin', details: { registry, txHash: revoked.json.txHash } });
  });

  it.each(['0x1234', 'not-an-address', zeroAddress, `${privateKeyToAddress(anvilPrivateKey(6))}00`])(
    'exits 2 with VALIDATION_FAILED for --address %s, sending nothing and auditing the refusal',
    async (bad) => {
      const before = await blockNumber();
      const result = await cli.runAudited(['--json', 'signers', 'add', '--address', bad]);
      expect(result.code).toBe(2);
      expect((JSON.parse(result.out) as CliError).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('--address'),
      });
      expect(await blockNumber()).toBe(before);
      expect(result.audits.map((entry) => [entry.action, entry.outcome])).toEqual([
        ['signers.add', 'VALIDATION_FAILED'],
      ]);
    },
  );

  it('exits 2 for a missing --address and for a malformed --signer of setup, sending nothing', async () => {
    const before = await blockNumber();
    expect((await cli.run(['signers', 'revoke'])).code).toBe(2);
    const setup = await cli.runJson<CliError>(['signers', 'setup', '--signer', '0xnope']);
    expect(setup.code).toBe(2);
    expect(setup.json.error.message).toContain('--signer');
    expect(await blockNumber()).toBe(before);
  });
});
