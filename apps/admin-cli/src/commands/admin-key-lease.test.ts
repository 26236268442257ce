import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import { isRegisteredSigner } from '../chain/operator-registry-admin.js';
import { tryLeaseSigner } from '#shared/chain/signer-lease.js';
import { ANVIL_ADMIN_KEY } from '#shared/config/config-fields.js';
import { findUserByEmail } from '#shared/db/users/users.repository.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

/** The admin CLI's chain writes lease the platform admin key (decision 0031): concurrent runs queue, reads never do. */
describe('foretell-admin and the platform admin key', () => {
  let cli: AdminCliHarness;

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  it('runs 8 concurrent `users create` processes one after another: all succeed, each with its own account', async () => {
    const emails = Array.from({ length: 8 }, () => `lease-${randomUUID()}@example.test`);
    const runs = await Promise.all(
      emails.map((email) => cli.spawn(['--json', 'users', 'create', '--email', email], { timeoutMs: 150_000 })),
    );
    // A run that found the key held says so on stderr, once, before it waits.
    const waited =
      /^(waiting up to 120 s for the platform admin key \(0x[0-9a-fA-F]{40}\), held by another process signing with it…\n)?$/;
    expect(runs.map((run) => [run.code, run.stderr])).toEqual(emails.map(() => [0, expect.stringMatching(waited)]));
    const printed = runs.map((run) => JSON.parse(run.stdout) as { email: string; smartAccountAddress: Address });
    expect(printed.map((user) => user.email).sort()).toEqual([...emails].sort());
    const accounts = new Set(printed.map((user) => user.smartAccountAddress));
    expect(accounts.size).toBe(8);
    for (const email of emails) {
      const user = await findUserByEmail(cli.database.db, email);
      expect(user?.smartAccountAddress).toBe(printed.find((entry) => entry.email === email)?.smartAccountAddress);
    }
    for (const account of accounts) {
      const code = await cli.fixture.reader.publicClient.getCode({ address: account });
      expect(code && code.length > 2).toBe(true);
    }
  }, 180_000);

  describe('while another process holds the admin key', () => {
    const quickly = { adminKeyWaitMs: 1_000 };

    it('says it waits for the key on stderr, then refuses a chain write with exit 69 naming the key, sending nothing', async () => {
      const signer = privateKeyToAddress(anvilPrivateKey(8));
      const lease = await tryLeaseSigner(cli.database.db, cli.fixture.reader, ANVIL_ADMIN_KEY);
      if (!lease) throw new Error('the admin key is leased already');
      try {
        const before = await cli.fixture.reader.publicClient.getBlockNumber({ cacheTime: 0 });
        const result = await cli.runJson<CliError>(['signers', 'add', '--address', signer], {}, quickly);
        expect(result.code).toBe(69);
        expect(result.json.error).toEqual({
          code: 'DEPENDENCY_UNAVAILABLE',
          message: expect.stringContaining(
            `Another process is signing with the platform admin key (${privateKeyToAddress(ANVIL_ADMIN_KEY)})`,
          ),
        });
        expect(await cli.fixture.reader.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(before);
        // Told on stderr before the wait; stdout holds only the one --json object (runJson checks it).
        expect(result.err).toBe(
          `waiting up to 1 s for the platform admin key (${privateKeyToAddress(ANVIL_ADMIN_KEY)}), held by another ` +
            'process signing with it…\n',
        );
        const [audit] = await cli.auditOf('signer', signer);
        expect(audit).toMatchObject({ action: 'signers.add', outcome: 'DEPENDENCY_UNAVAILABLE' });
      } finally {
        await lease.release();
      }
      const registry = cli.fixture.platform.operatorRegistry!;
      expect(await isRegisteredSigner(cli.fixture.reader, registry, signer)).toBe(false);
      expect((await cli.run(['signers', 'add', '--address', signer])).code).toBe(0);
      expect(await isRegisteredSigner(cli.fixture.reader, registry, signer)).toBe(true);
    });

    it('still answers the commands that only read the chain', async () => {
      const email = `reader-${randomUUID()}@example.test`;
      expect((await cli.run(['users', 'create', '--email', email])).code).toBe(0);
      const lease = await tryLeaseSigner(cli.database.db, cli.fixture.reader, ANVIL_ADMIN_KEY);
      if (!lease) throw new Error('the admin key is leased already');
      try {
        const reads = await Promise.all(
          [
            ['users', 'show', email],
            ['users', 'list'],
            ['signers', 'list'],
          ].map((argv) => cli.runJson(argv, {}, quickly)),
        );
        expect(reads.map((read) => [read.code, read.err])).toEqual(reads.map(() => [0, '']));
        expect(reads[0]?.json).toMatchObject({ email, usdcBalance: '0.000000' });
      } finally {
        await lease.release();
      }
    });
  });
});
