import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import type { User } from '#shared/db/users/users.repository.js';
import { REDACTED } from '../db/admin-audit-log/admin-audit-log.repository.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

/** Every invocation that reaches a command writes exactly one admin_audit_log row (DB-only commands; no chain). */
describe('foretell-admin audit trail', () => {
  let cli: AdminCliHarness;
  /** `keys issue` of a free test key for the user named by `reference` (an id or an email). */
  const issueArgs = (reference: string): string[] => [
    'keys',
    'issue',
    '--user',
    reference,
    '--tier',
    'free',
    '--env',
    'test',
  ];
  const issueKey = async (user: User): Promise<{ id: string; key: string }> => {
    const issued = await cli.runJson<{ id: string; key: string }>(issueArgs(user.id));
    expect(issued.code).toBe(0);
    return issued.json;
  };

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  describe('reads', () => {
    it('audits keys list with the actor, the user it was filtered by, the count and the outcome success', async () => {
      const user = await cli.newUser();
      await issueKey(user);
      const result = await cli.runAudited(['--json', 'keys', 'list', '--user', user.email, '--actor', 'ops:carol']);
      expect(result.code).toBe(0);
      expect(result.audits).toEqual([
        expect.objectContaining({
          actor: 'ops:carol',
          action: 'keys.list',
          targetType: 'user',
          targetId: user.id,
          outcome: 'success',
          details: { user: user.email, limit: '50', count: 1 },
        }),
      ]);
    });

    it('audits keys show under the key, without the key, its hash or the pepper', async () => {
      const user = await cli.newUser();
      const issued = await issueKey(user);
      const result = await cli.runAudited(['--json', 'keys', 'show', issued.id]);
      expect(result.code).toBe(0);
      expect(result.audits).toEqual([
        expect.objectContaining({
          actor: expect.stringMatching(/^cli:/),
          action: 'keys.show',
          targetType: 'api_key',
          targetId: issued.id,
          outcome: 'success',
          details: { id: issued.id, userId: user.id, last4: issued.key.slice(-4), status: 'active' },
        }),
      ]);
      const [row] = (await cli.database.db('admin_audit_log').where({ id: result.audits[0]!.id })) as unknown[];
      const keyHash = (await cli.database.db('api_keys').where({ id: issued.id }).first('key_hash')) as {
        key_hash: string;
      };
      expect(JSON.stringify(row)).not.toContain(issued.key);
      expect(JSON.stringify(row)).not.toContain(keyHash.key_hash);
    });

    it('audits users list, orgs list and partners list with their counts', async () => {
      await createOrganization(cli.database.db, {
        name: 'audited org',
        slug: `audited-${randomUUID()}`,
        displayName: 'Audited',
        colorPrimary: '#000000',
      });
      for (const [argv, action] of [
        [['users', 'list', '--limit', '2'], 'users.list'],
        [['orgs', 'list'], 'orgs.list'],
        [['partners', 'list', '--org', randomUUID()], 'partners.list'],
      ] as const) {
        const result = await cli.runAudited(['--json', ...argv]);
        expect(result.code).toBe(0);
        expect(result.audits).toEqual([
          expect.objectContaining({
            action,
            outcome: 'success',
            details: expect.objectContaining({ count: expect.any(Number) }),
          }),
        ]);
      }
    });

    it('audits migrations status with what is pending', async () => {
      const result = await cli.runAudited(['--json', 'migrations', 'status']);
      expect(result.code).toBe(0);
      expect(result.audits).toEqual([
        expect.objectContaining({ action: 'migrations.status', outcome: 'success', details: { pending: [] } }),
      ]);
    });
  });

  describe('refusals', () => {
    it("refuses an argument holding the deployment's pepper before anything runs, masking it in the audit row", async () => {
      const user = await cli.newUser();
      const result = await cli.runAudited([...issueArgs(user.id), '--name', `copy of ${DEVELOPMENT_PEPPER}`]);
      expect(result.code).toBe(2);
      expect(result.out + result.err).not.toContain(DEVELOPMENT_PEPPER);
      expect(result.audits).toEqual([
        expect.objectContaining({
          action: 'keys.issue',
          outcome: 'VALIDATION_FAILED',
          details: expect.objectContaining({ name: `copy of ${REDACTED}` }),
        }),
      ]);
      expect(JSON.stringify(result.audits)).not.toContain(DEVELOPMENT_PEPPER);
      expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(0);
    });

    it('audits a 6th active key as ACTIVE_KEY_LIMIT_REACHED under the user, storing no key', async () => {
      const user = await cli.newUser();
      for (let i = 0; i < 5; i += 1) await issueKey(user);
      const result = await cli.runAudited(['--json', ...issueArgs(user.email)]);
      expect(result.code).toBe(4);
      expect(result.audits).toEqual([
        expect.objectContaining({
          action: 'keys.issue',
          targetType: 'user',
          targetId: user.id,
          outcome: 'ACTIVE_KEY_LIMIT_REACHED',
          details: {
            user: user.email,
            tier: 'free',
            env: 'test',
            reason: expect.stringContaining('already holds 5 active keys'),
          },
        }),
      ]);
      expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(5);
    });

    it.each([
      ['an unknown tier', ['--tier', 'gold', '--env', 'test'], /--tier must be one of/],
      ['an unknown scope', ['--tier', 'free', '--env', 'test', '--scopes', 'admin:all'], /Unknown scopes: admin:all/],
      ['a bad CIDR', ['--tier', 'free', '--env', 'test', '--ip-allowlist', '10.0.0.0/33'], /Invalid IP allowlist/],
    ])('audits a key refused for %s as VALIDATION_FAILED under the user', async (_name, args, reason) => {
      const user = await cli.newUser();
      const result = await cli.runAudited(['keys', 'issue', '--user', user.id, ...args]);
      expect(result.code).toBe(2);
      expect(result.audits).toEqual([
        expect.objectContaining({
          action: 'keys.issue',
          targetType: 'user',
          targetId: user.id,
          outcome: 'VALIDATION_FAILED',
          details: expect.objectContaining({ user: user.id, reason: expect.stringMatching(reason) }),
        }),
      ]);
    });

    it('audits an issue for an unknown user as RESOURCE_NOT_FOUND: under the id it named, or with the email it named', async () => {
      const id = randomUUID();
      const byId = await cli.runAudited(issueArgs(id));
      expect(byId.code).toBe(3);
      expect(byId.audits).toEqual([
        expect.objectContaining({ targetType: 'user', targetId: id, outcome: 'RESOURCE_NOT_FOUND' }),
      ]);
      const byEmail = await cli.runAudited(issueArgs('nobody@example.test'));
      expect(byEmail.audits).toEqual([
        expect.objectContaining({
          targetType: 'user',
          targetId: null,
          outcome: 'RESOURCE_NOT_FOUND',
          details: expect.objectContaining({ user: 'nobody@example.test' }),
        }),
      ]);
    });

    it('audits revoking an unknown key as RESOURCE_NOT_FOUND and a repeated revoke as a success that changed nothing', async () => {
      const unknown = randomUUID();
      const missing = await cli.runAudited(['keys', 'revoke', unknown]);
      expect(missing.code).toBe(3);
      expect(missing.audits).toEqual([
        expect.objectContaining({
          action: 'keys.revoke',
          targetType: 'api_key',
          targetId: unknown,
          outcome: 'RESOURCE_NOT_FOUND',
        }),
      ]);

      const issued = await issueKey(await cli.newUser());
      const first = await cli.runAudited(['keys', 'revoke', issued.id]);
      const again = await cli.runAudited(['keys', 'revoke', issued.id]);
      expect([first.code, again.code]).toEqual([0, 0]);
      expect([...first.audits, ...again.audits]).toEqual([
        expect.objectContaining({ outcome: 'success', details: expect.objectContaining({ alreadyRevoked: false }) }),
        expect.objectContaining({ outcome: 'success', details: expect.objectContaining({ alreadyRevoked: true }) }),
      ]);
    });

    it('audits a show of an unknown user and a user list with a bad --limit', async () => {
      const unknown = await cli.runAudited(['users', 'show', 'nobody@example.test']);
      expect(unknown.code).toBe(3);
      expect(unknown.audits).toEqual([
        expect.objectContaining({
          action: 'users.show',
          outcome: 'RESOURCE_NOT_FOUND',
          details: { user: 'nobody@example.test', reason: expect.any(String) },
        }),
      ]);
      const badLimit = await cli.runAudited(['users', 'list', '--limit', '0']);
      expect(badLimit.code).toBe(2);
      expect(badLimit.audits).toEqual([
        expect.objectContaining({
          action: 'users.list',
          outcome: 'VALIDATION_FAILED',
          details: expect.objectContaining({ limit: '0' }),
        }),
      ]);
    });

    it('never stores a plaintext key or the pepper an operator pastes where an id belongs', async () => {
      const pepper = randomBytes(32).toString('hex');
      const env = { API_KEY_PEPPER: pepper };
      const issued = await issueKey(await cli.newUser());
      const pastedKey = await cli.runAudited(['keys', 'show', issued.key], env);
      const pastedPepper = await cli.runAudited(['keys', 'revoke', pepper], env);
      // A key pasted as an id is just not found; the pepper is refused before anything runs.
      expect([pastedKey.code, pastedPepper.code]).toEqual([3, 2]);
      const audits = [...pastedKey.audits, ...pastedPepper.audits];
      expect(audits).toEqual([
        expect.objectContaining({
          action: 'keys.show',
          targetType: 'api_key',
          targetId: null,
          outcome: 'RESOURCE_NOT_FOUND',
        }),
        expect.objectContaining({
          action: 'keys.revoke',
          targetType: 'api_key',
          targetId: null,
          outcome: 'VALIDATION_FAILED',
        }),
      ]);
      const rows = JSON.stringify(
        await cli.database.db('admin_audit_log').whereIn(
          'id',
          audits.map((entry) => entry.id),
        ),
      );
      expect(rows).not.toContain(issued.key);
      expect(rows).not.toContain(pepper);
      expect(rows).toContain('[redacted]');
    });

    it('refuses and redacts the previous pepper and webhook-secret key of a rotation like the current ones', async () => {
      const previous = { API_KEY_PEPPER_PREVIOUS: randomBytes(32).toString('hex') };
      const previousKey = { WEBHOOK_SECRET_KEY_PREVIOUS: randomBytes(32).toString('hex') };
      const env = { ...previous, ...previousKey };
      const pasted = [
        await cli.runAudited(['keys', 'revoke', previous.API_KEY_PEPPER_PREVIOUS], env),
        await cli.runAudited(['keys', 'show', previousKey.WEBHOOK_SECRET_KEY_PREVIOUS], env),
      ];
      expect(pasted.map((run) => run.code)).toEqual([2, 2]);
      const ids = pasted.flatMap((run) => run.audits.map((entry) => entry.id));
      expect(ids).toHaveLength(2);
      const rows = JSON.stringify(await cli.database.db('admin_audit_log').whereIn('id', ids));
      expect(rows).not.toContain(previous.API_KEY_PEPPER_PREVIOUS);
      expect(rows).not.toContain(previousKey.WEBHOOK_SECRET_KEY_PREVIOUS);
    });
  });

  describe('what is not audited', () => {
    it.each([
      ['an unknown flag', ['keys', 'list', '--colour', 'red']],
      ['an unknown command', ['keys', 'rotate']],
      ['a missing required flag', ['keys', 'issue', '--tier', 'free']],
      ['an empty --actor', ['--actor', ' ', 'keys', 'list']],
    ])('refuses %s with exit 2 before any command runs, writing no audit row', async (_name, argv) => {
      const result = await cli.runAudited(argv);
      expect(result.code).toBe(2);
      expect(result.audits).toEqual([]);
    });
  });

  describe('when the audit log cannot be written', () => {
    beforeAll(() => cli.database.db.schema.renameTable('admin_audit_log', 'admin_audit_log_away'));
    afterAll(() => cli.database.db.schema.renameTable('admin_audit_log_away', 'admin_audit_log'));

    it('fails a read without printing what it read', async () => {
      const user = await cli.newUser();
      const result = await cli.runJson<CliError>(['users', 'show', user.id]);
      expect([result.code, result.json.error.code]).toEqual([1, 'INTERNAL_ERROR']);
      expect(result.out).not.toContain(user.email);
    });

    it('still reports a refusal with its own code, and warns that it went unaudited', async () => {
      const result = await cli.runJson<CliError>(['keys', 'show', randomUUID()]);
      expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
      expect(result.err).toMatch(/^warning: keys\.show could not be written to the audit log: /);
    });

    it('changes nothing when the change cannot be audited with it', async () => {
      const user = await cli.newUser();
      const result = await cli.runJson<CliError>(issueArgs(user.id));
      expect(result.code).toBe(1);
      expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(0);
    });
  });
});
