import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { API_KEY_PATTERN, hashApiKey } from '#shared/auth/api-key-format.js';
import { createSecretBox, WEBHOOK_SECRET_PATTERN } from '#shared/auth/secret-box.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { findApiKeyByHash } from '#shared/db/api-keys/api-keys.repository.js';
import {
  liveEnv,
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface IssuedJson {
  id: string;
  key: string;
  userId: string;
  tier: string;
  env: string;
  scopes: string[];
  expiresAt: string | null;
  webhookSecret?: string;
}
interface KeyJson extends Record<string, unknown> {
  id: string;
  status: string;
}

describe('foretell-admin keys', () => {
  let cli: AdminCliHarness;
  const issue = (args: string[], env?: Record<string, string>) =>
    cli.runJson<IssuedJson & CliError>(['keys', 'issue', ...args], env);

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  describe('keys issue', () => {
    it('issues a test key by email with the tier defaults, stores only its HMAC, prints it once and audits it', async () => {
      const user = await cli.newUser();
      const result = await issue(['--user', user.email, '--tier', 'free', '--env', 'test', '--actor', 'ops:bob']);
      expect(result.code).toBe(0);
      expect(result.json).toEqual({
        id: expect.any(String),
        key: expect.stringMatching(API_KEY_PATTERN),
        userId: user.id,
        tier: 'free',
        env: 'test',
        scopes: ['markets:read', 'markets:quote', 'portfolio:read'],
        expiresAt: null,
      });
      expect(result.json.key.startsWith('svc_test_')).toBe(true);
      const stored = await findApiKeyByHash(cli.database.db, hashApiKey(DEVELOPMENT_PEPPER, result.json.key));
      expect(stored).toMatchObject({ id: result.json.id, userId: user.id, last4: result.json.key.slice(-4) });
      const rows = (await cli.database.db('api_keys').where({ id: result.json.id })) as Array<Record<string, unknown>>;
      expect(JSON.stringify(rows)).not.toContain(result.json.key);
      const [audit] = await cli.auditOf('api_key', result.json.id);
      expect(audit).toMatchObject({
        actor: 'ops:bob',
        action: 'keys.issue',
        details: { userId: user.id, tier: 'free' },
      });
      expect(JSON.stringify(audit)).not.toContain(result.json.key);
    });

    it('issues an enterprise key with every option and an encrypted webhook secret', async () => {
      const user = await cli.newUser();
      const flags = {
        '--user': user.id,
        '--tier': 'enterprise',
        '--env': 'test',
        '--scopes': 'markets:read,trades:write',
        '--ip-allowlist': '10.0.0.0/8, 2001:db8::1',
        '--webhook-url': 'https://hooks.example.test/foretell',
        '--expires-at': '2099-01-31T18:00:00Z',
        '--rpm': '900',
        '--daily-spend-limit': '50000',
        '--per-trade-limit': '10000.5',
        '--high-value-threshold': '5000',
        '--confirmation-window': '120',
        '--name': 'desk bot',
      };
      const result = await issue(Object.entries(flags).flat());
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({
        tier: 'enterprise',
        scopes: ['markets:read', 'trades:write'],
        expiresAt: '2099-01-31T18:00:00.000Z',
        webhookSecret: expect.stringMatching(WEBHOOK_SECRET_PATTERN),
      });
      const [row] = (await cli.database.db('api_keys').where({ id: result.json.id })) as Array<Record<string, unknown>>;
      const sealed = String(row!.webhook_secret_enc);
      expect(sealed).not.toContain(result.json.webhookSecret);
      expect(createSecretBox('local-dev-webhook-secret-key-change-me-0001').open(sealed)).toBe(
        result.json.webhookSecret,
      );
      const shown = await cli.runJson<Record<string, unknown>>(['keys', 'show', result.json.id]);
      expect(shown.json).toMatchObject({
        id: result.json.id,
        name: 'desk bot',
        status: 'active',
        ipAllowlist: ['10.0.0.0/8', '2001:db8::1'],
        webhookUrl: 'https://hooks.example.test/foretell',
        rateLimitRpm: 900,
        effectiveRpm: 900,
        dailySpendLimit: '50000.000000',
        perTradeLimit: '10000.500000',
        highValueThreshold: '5000.000000',
        confirmationWindowSeconds: 120,
      });
      const text = JSON.stringify(shown.json);
      expect(text).not.toContain(result.json.key);
      expect(text).not.toContain(String(row!.key_hash));
      expect(text).not.toContain(result.json.webhookSecret);
    });

    it('prints the key in the human form', async () => {
      const user = await cli.newUser();
      const result = await cli.run(['keys', 'issue', '--user', user.email, '--tier', 'developer', '--env', 'test']);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/key +svc_test_[0-9A-Za-z]{32}\n/);
      expect(result.out).toContain('not shown again');
    });

    it.each([
      [['--tier', 'gold', '--env', 'test'], /--tier must be one of/],
      [['--tier', 'free', '--env', 'prod'], /--env must be one of/],
      [['--tier', 'free', '--env', 'test', '--scopes', 'markets:read,admin:all'], /Unknown scopes: admin:all/],
      [['--tier', 'free', '--env', 'test', '--scopes', ' , '], /at least one scope/],
      [['--tier', 'free', '--env', 'test', '--ip-allowlist', '10.0.0.0/33'], /Invalid IP allowlist/],
      [['--tier', 'free', '--env', 'test', '--ip-allowlist', 'example.com'], /Invalid IP allowlist/],
      [['--tier', 'free', '--env', 'test', '--expires-at', 'tomorrow'], /--expires-at must be an RFC 3339 date-time/],
      [['--tier', 'free', '--env', 'test', '--expires-at', '2020-01-01T00:00:00Z'], /must be in the future/],
      [['--tier', 'free', '--env', 'test', '--webhook-url', 'ftp://x.test/'], /--webhook-url must use/],
      [['--tier', 'free', '--env', 'test', '--webhook-url', 'not a url'], /absolute http\(s\) URL/],
      [['--tier', 'free', '--env', 'test', '--rpm', '100'], /can be set only on enterprise and mm keys/],
      [['--tier', 'developer', '--env', 'test', '--daily-spend-limit', '5'], /only on enterprise and mm/],
      [['--tier', 'mm', '--env', 'test', '--rpm', '1.5'], /--rpm must be a whole number/],
      [['--tier', 'mm', '--env', 'test', '--rpm', '0'], /--rpm must be a whole number/],
      [['--tier', 'mm', '--env', 'test', '--per-trade-limit', '-1'], /--per-trade-limit must be a decimal/],
      [['--tier', 'mm', '--env', 'test', '--per-trade-limit', '10', '--high-value-threshold', '11'], /must not exceed/],
      [['--tier', 'mm', '--env', 'test', '--confirmation-window', '5'], /--confirmation-window must be/],
      [['--tier', 'free', '--env', 'live'], /live keys are issued only with SERVICE_ENV=live/],
      [['--tier', 'free', '--env', 'test', '--name', ' '], /--name must be 1 to 100/],
    ])('rejects %j with exit 2, stores no key and audits the refusal', async (args, message) => {
      const user = await cli.newUser();
      const result = await issue(['--user', user.id, ...args]);
      expect(result.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
      expect(result.code).toBe(2);
      expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(0);
      const audits = await cli.auditOf('user', user.id);
      expect(audits.map((entry) => [entry.action, entry.outcome])).toEqual([['keys.issue', 'VALIDATION_FAILED']]);
      expect(audits[0]?.details.reason).toMatch(message);
    });

    it('issues live keys only from a live CLI, and a live CLI only live keys', async () => {
      const user = await cli.newUser();
      const live = await issue(['--user', user.id, '--tier', 'mm', '--env', 'live', '--rpm', '10000'], liveEnv);
      expect(live.code).toBe(0);
      expect(live.json.key.startsWith('svc_live_')).toBe(true);
      const refused = await issue(['--user', user.id, '--tier', 'free', '--env', 'test'], liveEnv);
      expect(refused.code).toBe(2);
      expect(refused.json.error.message).toMatch(/a live CLI issues only live keys/);
      const insecureHook = await issue(
        ['--user', user.id, '--tier', 'free', '--env', 'live', '--webhook-url', 'http://hooks.example.test/'],
        liveEnv,
      );
      expect(insecureHook.code).toBe(2);
      expect(insecureHook.json.error.message).toMatch(/--webhook-url must use https/);
    });

    it.each([
      ['https://localhost/hooks', /localhost names the local host/],
      ['https://127.0.0.1:8443/hooks', /127\.0\.0\.1 is in the loopback range 127\.0\.0\.0\/8/],
      ['https://10.1.2.3/hooks', /10\.1\.2\.3 is in the private range 10\.0\.0\.0\/8/],
      ['https://169.254.169.254/latest/meta-data', /in the link-local range 169\.254\.0\.0\/16/],
      ['https://[::1]/hooks', /::1 is in the loopback range/],
      ['https://[fd00::5]/hooks', /in the unique-local range fc00::\/7/],
      ['https://[::ffff:7f00:1]/hooks', /in the loopback \(IPv4-mapped\) range 127\.0\.0\.0\/8/],
    ])(
      'refuses a live key whose webhook URL %s is not public, issuing nothing and auditing it',
      async (url, reason) => {
        const user = await cli.newUser();
        const result = await issue(
          ['--user', user.id, '--tier', 'free', '--env', 'live', '--webhook-url', url],
          liveEnv,
        );
        expect(result.code).toBe(2);
        expect(result.json.error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringMatching(reason) });
        expect(result.json.error.message).toMatch(/^--webhook-url must reach a public address: /);
        expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(0);
        const [audit] = await cli.auditOf('user', user.id);
        expect(audit).toMatchObject({
          action: 'keys.issue',
          outcome: 'VALIDATION_FAILED',
          details: { env: 'live', webhookUrl: url },
        });
      },
    );

    it('issues a live key whose webhook URL is a public address, and a test key whose webhook is on this machine', async () => {
      const localHook = 'http://localhost:4000/hooks';
      const user = await cli.newUser();
      const live = await issue(
        ['--user', user.id, '--tier', 'free', '--env', 'live', '--webhook-url', 'https://93.184.216.34/hooks'],
        liveEnv,
      );
      expect(live.code).toBe(0);
      expect(live.json.webhookSecret).toMatch(WEBHOOK_SECRET_PATTERN);
      const local = await issue(['--user', user.id, '--tier', 'free', '--env', 'test', '--webhook-url', localHook]);
      expect(local.code).toBe(0);
      const shown = await cli.runJson<KeyJson>(['keys', 'show', local.json.id]);
      expect(shown.json.webhookUrl).toBe(localHook);
    });

    it('reports an unknown user with exit 3', async () => {
      for (const reference of [randomUUID(), 'nobody@example.test']) {
        const result = await issue(['--user', reference, '--tier', 'free', '--env', 'test']);
        expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
      }
    });

    it('refuses a 6th active key with ACTIVE_KEY_LIMIT_REACHED (exit 4); a revoked key frees a slot', async () => {
      const user = await cli.newUser();
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const result = await issue(['--user', user.id, '--tier', 'free', '--env', 'test']);
        expect(result.code).toBe(0);
        ids.push(result.json.id);
      }
      const sixth = await issue(['--user', user.id, '--tier', 'free', '--env', 'test']);
      expect([sixth.code, sixth.json.error.code]).toEqual([4, 'ACTIVE_KEY_LIMIT_REACHED']);
      expect((await cli.run(['keys', 'revoke', ids[0]!])).code).toBe(0);
      expect((await issue(['--user', user.id, '--tier', 'free', '--env', 'test'])).code).toBe(0);
    });

    it('lets exactly 5 of 8 concurrent issues succeed', async () => {
      const user = await cli.newUser();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => issue(['--user', user.email, '--tier', 'developer', '--env', 'test'])),
      );
      const codes = results.map((result) => result.code).sort();
      expect(codes).toEqual([0, 0, 0, 0, 0, 4, 4, 4]);
      expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(5);
      const audits = await cli.database
        .db('admin_audit_log')
        .where({ action: 'keys.issue' })
        .whereIn(
          'target_id',
          results.filter((result) => result.code === 0).map((result) => result.json.id),
        );
      expect(audits).toHaveLength(5);
      const refusals = await cli.database
        .db('admin_audit_log')
        .where({ action: 'keys.issue', target_type: 'user', target_id: user.id, outcome: 'ACTIVE_KEY_LIMIT_REACHED' });
      expect(refusals).toHaveLength(3);
    });
  });

  describe('keys list, show and revoke', () => {
    it('lists a user’s keys without secrets, shows one, and revokes idempotently with audit', async () => {
      const user = await cli.newUser();
      const first = await issue(['--user', user.id, '--tier', 'free', '--env', 'test', '--name', 'first']);
      const second = await issue(['--user', user.id, '--tier', 'enterprise', '--env', 'test', '--name', 'second']);
      const other = await issue(['--user', (await cli.newUser()).id, '--tier', 'free', '--env', 'test']);

      const listed = await cli.runJson<{ keys: KeyJson[] }>(['keys', 'list', '--user', user.email]);
      expect(listed.code).toBe(0);
      expect(listed.json.keys.map((key) => key.id).sort()).toEqual([first.json.id, second.json.id].sort());
      expect(JSON.stringify(listed.json)).not.toContain(first.json.key);
      expect(JSON.stringify(listed.json)).not.toContain(second.json.key);
      const all = await cli.runJson<{ keys: KeyJson[] }>(['keys', 'list', '--limit', '1000']);
      expect(all.json.keys.map((key) => key.id)).toEqual(expect.arrayContaining([first.json.id, other.json.id]));
      const unknownUser = await cli.runJson<CliError>(['keys', 'list', '--user', 'nobody@example.test']);
      expect(unknownUser.code).toBe(3);

      const revoked = await cli.runJson<{ revokedNow: boolean; revokedAt: string }>(['keys', 'revoke', first.json.id]);
      expect(revoked.code).toBe(0);
      expect(revoked.json).toMatchObject({ id: first.json.id, userId: user.id, revokedNow: true });
      const again = await cli.run(['keys', 'revoke', first.json.id]);
      expect(again.code).toBe(0);
      expect(again.out).toContain('was already revoked');
      const shown = await cli.runJson<KeyJson>(['keys', 'show', first.json.id]);
      expect(shown.json).toMatchObject({ status: 'revoked', revokedAt: revoked.json.revokedAt, name: 'first' });
      const audits = await cli.auditOf('api_key', first.json.id);
      expect(audits.map((entry) => [entry.action, entry.outcome, entry.details.alreadyRevoked])).toEqual([
        ['keys.show', 'success', undefined],
        ['keys.revoke', 'success', true],
        ['keys.revoke', 'success', false],
        ['keys.issue', 'success', undefined],
      ]);

      const human = await cli.run(['keys', 'list', '--user', user.id]);
      expect(human.out).toContain(`${first.json.id}  revoked`);
      expect(human.out).toContain(`${second.json.id}  active `);
    });

    it('reports an unknown key with exit 3 and audits the attempt under the id it named', async () => {
      for (const argv of [
        ['keys', 'show', randomUUID()],
        ['keys', 'revoke', randomUUID()],
      ]) {
        const result = await cli.runJson<CliError>(argv);
        expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
        const [audit] = await cli.auditOf('api_key', argv[2]!);
        expect(audit).toMatchObject({ action: `keys.${argv[1]!}`, outcome: 'RESOURCE_NOT_FOUND' });
      }
    });
  });
});
