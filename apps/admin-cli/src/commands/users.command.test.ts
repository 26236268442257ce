import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { predictSmartAccountAddress } from '../chain/smart-accounts.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { createUser, findUserByEmail, findUserById } from '#shared/db/users/users.repository.js';
import {
  liveEnv,
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface CreatedUser {
  id: string;
  email: string;
  smartAccountAddress: string;
}

describe('foretell-admin users', () => {
  let cli: AdminCliHarness;
  const email = () => `user-${randomUUID()}@example.test`;
  const createUserViaCli = async (address = email()) =>
    (await cli.runJson<CreatedUser>(['users', 'create', '--email', address])).json;
  const balanceOf = (account: string) =>
    readUsdcBalance(cli.fixture.reader, { usdc: cli.fixture.platform.usdc, account: account as Address });

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  describe('users create', () => {
    it('creates the user and their smart account at the predicted address, and audits it', async () => {
      const address = email();
      const result = await cli.runJson<CreatedUser>(['users', 'create', '--email', address, '--actor', 'ops:alice']);
      expect(result.code).toBe(0);
      expect(result.json).toEqual({ id: expect.any(String), email: address, smartAccountAddress: expect.any(String) });

      const predicted = await predictSmartAccountAddress(cli.fixture.reader, {
        accountFactory: cli.fixture.platform.accountFactory,
        userId: result.json.id,
      });
      expect(result.json.smartAccountAddress).toBe(predicted);
      const code = await cli.fixture.reader.publicClient.getCode({ address: predicted });
      expect(code && code.length > 2).toBe(true);
      expect(await findUserById(cli.database.db, result.json.id)).toMatchObject({
        email: address,
        smartAccountAddress: predicted,
        status: 'active',
      });
      const [audit] = await cli.auditOf('user', result.json.id);
      expect(audit).toMatchObject({
        actor: 'ops:alice',
        action: 'users.create',
        details: { email: address, smartAccountAddress: predicted },
      });
    });

    it('normalises the email and prints human lines without --json', async () => {
      const address = email();
      const result = await cli.run(['users', 'create', '--email', `  ${address.toUpperCase()} `]);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^created user [0-9a-f-]{36}\n {2}email {10}/);
      const user = await findUserByEmail(cli.database.db, address);
      expect(user?.email).toBe(address);
      const [audit] = await cli.auditOf('user', user!.id);
      expect(audit?.actor).toMatch(/^cli:/);
    });

    it('exits 4 with USER_ALREADY_EXISTS when the email is taken, in any case, and audits it under that user', async () => {
      const first = await createUserViaCli();
      const result = await cli.runJson<CliError>(['users', 'create', '--email', first.email.toUpperCase()]);
      expect(result.code).toBe(4);
      expect(result.json.error).toEqual({ code: 'USER_ALREADY_EXISTS', message: expect.stringContaining(first.email) });
      expect(await cli.database.db('users').where({ email: first.email }).pluck('id')).toEqual([first.id]);
      const audits = await cli.auditOf('user', first.id);
      expect(audits.map((entry) => [entry.action, entry.outcome])).toEqual([
        ['users.create', 'USER_ALREADY_EXISTS'],
        ['users.create', 'success'],
      ]);
    });

    it('lets exactly one of two concurrent creations with the same email win', async () => {
      const address = email();
      const runs = await Promise.all([1, 2].map(() => cli.runJson<CliError>(['users', 'create', '--email', address])));
      expect(runs.map((run) => run.code).sort()).toEqual([0, 4]);
      expect(runs.find((run) => run.code === 4)?.json.error.code).toBe('USER_ALREADY_EXISTS');
      expect(await cli.database.db('users').where({ email: address }).pluck('id')).toHaveLength(1);
    });

    it.each(['not-an-email', 'a@b', 'two@@example.test', 'spa ce@example.test'])(
      'exits 2 with VALIDATION_FAILED for the email "%s"',
      async (bad) => {
        const result = await cli.runJson<CliError>(['users', 'create', '--email', bad]);
        expect([result.code, result.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);
      },
    );

    it('exits 2 and still prints one JSON error when --email is missing', async () => {
      const result = await cli.runJson<CliError>(['users', 'create']);
      expect(result.code).toBe(2);
      expect(result.json.error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('--email') });
    });
  });

  describe('users list and show', () => {
    it('lists users newest first, bounded by --limit', async () => {
      const older = await createUserViaCli();
      const newer = await createUserViaCli();
      const all = await cli.runJson<{ users: Array<{ id: string }> }>(['users', 'list', '--limit', '1000']);
      expect(all.code).toBe(0);
      const ids = all.json.users.map((user) => user.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
      const one = await cli.runJson<{ users: unknown[] }>(['users', 'list', '--limit', '1']);
      expect(one.json.users).toHaveLength(1);
      expect(one.json.users[0]).toEqual({
        id: expect.any(String),
        email: expect.any(String),
        smartAccountAddress: expect.any(String),
        status: 'active',
        createdAt: expect.any(String),
      });
    });

    it.each(['0', '-3', 'ten', '1001'])('exits 2 for --limit %s', async (limit) => {
      expect((await cli.run(['users', 'list', '--limit', limit])).code).toBe(2);
    });

    it('shows a user by id or email with the on-chain USDC balance, auditing each look under the user', async () => {
      const user = await createUserViaCli();
      const byId = await cli.runJson(['users', 'show', user.id, '--actor', 'ops:dave']);
      expect(byId.code).toBe(0);
      expect(byId.json).toMatchObject({ ...user, status: 'active', usdcBalance: '0.000000' });
      const byEmail = await cli.runJson(['users', 'show', user.email]);
      expect(byEmail.json).toEqual(byId.json);
      const audits = await cli.auditOf('user', user.id);
      expect(audits.slice(0, 2)).toEqual([
        expect.objectContaining({ action: 'users.show', outcome: 'success', details: { user: user.email } }),
        expect.objectContaining({ action: 'users.show', actor: 'ops:dave', details: { user: user.id } }),
      ]);
    });

    it('exits 69 with one warning line when the WebSocket RPC is gone, its closing failure no stack', async () => {
      const user = await createUserViaCli();
      // Nothing listens there: the balance read fails, and so does closing the socket client after it.
      const env = { CHAIN_RPC_URL: 'ws://127.0.0.1:9', CHAIN_ID: String(cli.fixture.reader.chain.id) };
      const result = await cli.runJson<CliError>(['users', 'show', user.id], env);
      expect([result.code, result.json.error.code]).toEqual([69, 'DEPENDENCY_UNAVAILABLE']);
      expect(result.err).toMatch(/^warning: closing connections failed: .+\n$/);
    });

    it.each([randomUUID(), 'nobody@example.test'])('exits 3 with RESOURCE_NOT_FOUND for %s', async (reference) => {
      const result = await cli.runJson<CliError>(['users', 'show', reference]);
      expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
    });
  });

  describe('users fund', () => {
    it('mints exact test USDC to the smart account, prints the new balance and audits it', async () => {
      const user = await createUserViaCli();
      const first = await cli.runJson(['users', 'fund', '--user', user.email, '--amount', '12.5']);
      expect(first.code).toBe(0);
      expect(first.json).toEqual({
        userId: user.id,
        smartAccountAddress: user.smartAccountAddress,
        amount: '12.500000',
        usdcBalance: '12.500000',
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
      const second = await cli.runJson(['users', 'fund', '--user', user.id, '--amount', '0.000001']);
      expect(second.json).toMatchObject({ usdcBalance: '12.500001' });
      expect(await balanceOf(user.smartAccountAddress)).toBe(12_500_001n);
      const audits = await cli.auditOf('user', user.id);
      expect(audits.map((entry) => entry.action)).toEqual(['users.fund', 'users.fund', 'users.create']);
      expect(audits[0]?.details).toMatchObject({ amountAtomic: '1', txHash: second.json.txHash });
      expect((await cli.runJson(['users', 'show', user.id])).json.usdcBalance).toBe('12.500001');
    });

    it.each(['0', '0.0000001', '-5', '1e3', 'abc', '1,5', ''])(
      'exits 2 with VALIDATION_FAILED for --amount "%s"',
      async (amount) => {
        const user = await createUserViaCli();
        const result = await cli.runJson<CliError>(['users', 'fund', '--user', user.id, '--amount', amount]);
        expect([result.code, result.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);
        expect(await balanceOf(user.smartAccountAddress)).toBe(0n);
      },
    );

    it('exits 3 for an unknown user and audits the attempt under the id it named', async () => {
      const id = randomUUID();
      const result = await cli.runJson<CliError>(['users', 'fund', '--user', id, '--amount', '1']);
      expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
      expect((await cli.auditOf('user', id)).map((entry) => [entry.action, entry.outcome])).toEqual([
        ['users.fund', 'RESOURCE_NOT_FOUND'],
      ]);
    });

    it('refuses with exit 2 when SERVICE_ENV=live, minting nothing and auditing only the refusal', async () => {
      const user = await createUserViaCli();
      const result = await cli.runJson<CliError>(['users', 'fund', '--user', user.id, '--amount', '5'], liveEnv);
      expect(result.code).toBe(2);
      expect(result.json.error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('live') });
      expect(await balanceOf(user.smartAccountAddress)).toBe(0n);
      const audits = await cli.auditOf('user', user.id);
      expect(audits.map((entry) => [entry.action, entry.outcome])).toEqual([
        ['users.fund', 'VALIDATION_FAILED'],
        ['users.create', 'success'],
      ]);
      expect(audits[0]?.details).toMatchObject({ user: user.id, amount: '5' });
      expect(JSON.stringify(audits)).not.toContain(liveEnv.API_KEY_PEPPER);
    });

    it('exits 4 with SMART_ACCOUNT_MISSING for a user without a smart account', async () => {
      const user = await createUser(cli.database.db, { email: email() });
      const result = await cli.runJson<CliError>(['users', 'fund', '--user', user.id, '--amount', '5']);
      expect([result.code, result.json.error.code]).toEqual([4, 'SMART_ACCOUNT_MISSING']);
    });
  });
});
