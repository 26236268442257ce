import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

describe('foretell-admin keys issue --expires-at', () => {
  let cli: AdminCliHarness;
  const issue = (userId: string, expiresAt: string) =>
    cli.runJson<{ id: string; expiresAt: string } & CliError>([
      'keys',
      'issue',
      '--user',
      userId,
      '--tier',
      'free',
      '--env',
      'test',
      '--expires-at',
      expiresAt,
    ]);

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  it.each([
    ['a day February does not have', '2027-02-30T00:00:00Z'],
    ['a minute past 59', '2027-01-31T23:61:00Z'],
    ['hour 24', '2027-01-31T24:00:00Z'],
    ['no offset (whose local time?)', '2027-01-31T18:00:00'],
  ])('refuses %s with exit 2 VALIDATION_FAILED, stores no key and audits the refusal', async (_name, expiresAt) => {
    const user = await cli.newUser();
    const result = await issue(user.id, expiresAt);
    expect(result.code).toBe(2);
    expect(result.json.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining(`--expires-at must be an RFC 3339 date-time with Z or an offset`),
    });
    expect(result.json.error.message).toContain(`(got "${expiresAt}")`);
    expect(await cli.database.db('api_keys').where({ user_id: user.id })).toHaveLength(0);
    const audits = await cli.auditOf('user', user.id);
    expect(audits.map((entry) => [entry.action, entry.outcome])).toEqual([['keys.issue', 'VALIDATION_FAILED']]);
  });

  it('stores the instant an expiry with an offset names', async () => {
    const user = await cli.newUser();
    const result = await issue(user.id, '2099-03-01T01:30:00+02:00');
    expect(result.code).toBe(0);
    expect(result.json.expiresAt).toBe('2099-02-28T23:30:00.000Z');
    const [row] = (await cli.database.db('api_keys').where({ id: result.json.id })) as Array<{ expires_at: Date }>;
    expect(row?.expires_at.toISOString()).toBe('2099-02-28T23:30:00.000Z');
  });
});
