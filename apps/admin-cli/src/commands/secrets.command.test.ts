import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createApiKeyCache } from '#shared/auth/api-key-cache.js';
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { issueApiKey } from '../keys/issue-api-key.js';
import { pepperIdOf } from '#shared/auth/api-key-format.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { findWebhookSettingsOfKey } from '#shared/db/api-keys/api-key-secrets.repository.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';

const OLD_PEPPER = 'pepper-before-the-rotation-0123456789abcdef';
const NEW_PEPPER = 'pepper-after-the-rotation-fedcba9876543210';
const OLD_KEY = 'webhook-secret-key-before-rotation-01234567';
const NEW_KEY = 'webhook-secret-key-after-rotation-765432100';

interface StatusJson {
  apiKeyPepper: {
    currentId: string;
    previousId: string | null;
    activeKeys: { current: number; previous: number; untagged: number; other: number };
    waitingFor: number;
    keys: Array<{ id: string; pepper: string }>;
  };
  webhookSecrets: { sealed: { current: number; previous: number; unreadable: number }; unreadableKeyIds: string[] };
}
interface ResealJson {
  dryRun: boolean;
  examined: number;
  resealed: number;
  alreadyCurrent: number;
  unreadable: number;
  changedConcurrently: number;
  unreadableKeyIds: string[];
}

describe('foretell-admin secrets', () => {
  let cli: AdminCliHarness;
  const rotating = {
    API_KEY_PEPPER: NEW_PEPPER,
    API_KEY_PEPPER_PREVIOUS: OLD_PEPPER,
    WEBHOOK_SECRET_KEY: NEW_KEY,
    WEBHOOK_SECRET_KEY_PREVIOUS: OLD_KEY,
  };
  const status = async () => (await cli.runJson<StatusJson>(['secrets', 'status'], rotating)).json;
  const issue = async (pepper: string, webhook?: { secretEnc: string }) => {
    const user = await createUser(cli.database.db, { email: `secrets-${randomUUID()}@example.test` });
    return issueApiKey(cli.database.db, pepper, {
      userId: user.id,
      tier: 'enterprise',
      env: 'test',
      ...(webhook ? { webhookUrl: 'https://hooks.example.test/', webhookSecretEnc: webhook.secretEnc } : {}),
    });
  };

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  it('counts the active keys a pepper rotation still waits for, and each one leaves the count when it is used', async () => {
    const before = await status();
    const moving = await issue(OLD_PEPPER);
    const fresh = await issue(NEW_PEPPER);
    const untagged = await issue(OLD_PEPPER);
    await cli.database.db('api_keys').where({ id: untagged.record.id }).update({ pepper_id: null });
    const revoked = await issue(OLD_PEPPER);
    await revokeApiKey(cli.database.db, revoked.record.id, new Date());

    const during = await status();
    expect(during.apiKeyPepper).toMatchObject({
      currentId: pepperIdOf(NEW_PEPPER),
      previousId: pepperIdOf(OLD_PEPPER),
    });
    const grew = (field: keyof StatusJson['apiKeyPepper']['activeKeys']) =>
      during.apiKeyPepper.activeKeys[field] - before.apiKeyPepper.activeKeys[field];
    expect([grew('current'), grew('previous'), grew('untagged'), grew('other')]).toEqual([1, 1, 1, 0]);
    expect(during.apiKeyPepper.waitingFor - before.apiKeyPepper.waitingFor).toBe(2);
    const waiting = during.apiKeyPepper.keys.map((key) => [key.id, key.pepper]);
    expect(waiting).toEqual(
      expect.arrayContaining([
        [moving.record.id, 'previous'],
        [untagged.record.id, 'untagged'],
      ]),
    );
    expect(waiting.map(([id]) => id)).not.toContain(fresh.record.id);
    expect(waiting.map(([id]) => id)).not.toContain(revoked.record.id);

    // An API replica of the rotation verifies both keys once: they move to the new pepper and leave the count.
    const replica = createApiKeyCache({ db: cli.database.db, pepper: NEW_PEPPER, previousPepper: OLD_PEPPER });
    await replica.resolve(moving.key);
    await replica.resolve(untagged.key);
    const after = await status();
    expect(after.apiKeyPepper.waitingFor).toBe(before.apiKeyPepper.waitingFor);
    expect(after.apiKeyPepper.activeKeys.current - before.apiKeyPepper.activeKeys.current).toBe(3);
    expect(JSON.stringify(after)).not.toContain(moving.key);
  });

  it('re-encrypts every webhook secret under the previous key with the new one: progress, --json, idempotent', async () => {
    const oldBox = createSecretBox(OLD_KEY);
    const plain = {
      current: generateWebhookSecret(),
      previous: generateWebhookSecret(),
      older: generateWebhookSecret(),
      other: generateWebhookSecret(),
    };
    const retainedUntil = new Date(Date.now() + 3_600_000);
    const moved = await issue(NEW_PEPPER, { secretEnc: oldBox.seal(plain.current) });
    await cli.database
      .db('api_keys')
      .where({ id: moved.record.id })
      .update({
        webhook_secret_prev_enc: oldBox.seal(plain.previous),
        webhook_secret_prev_expires_at: retainedUntil,
        webhook_secret_older_enc: oldBox.seal(plain.older),
        webhook_secret_older_expires_at: retainedUntil,
      });
    const current = await issue(NEW_PEPPER, { secretEnc: createSecretBox(NEW_KEY).seal(plain.other) });
    const lost = await issue(NEW_PEPPER, {
      secretEnc: createSecretBox('a-key-nobody-holds-any-more-0123456789').seal(generateWebhookSecret()),
    });
    const settingsOf = (id: string) => findWebhookSettingsOfKey(cli.database.db, id);
    const [movedBefore, currentBefore] = [await settingsOf(moved.record.id), await settingsOf(current.record.id)];
    expect((await status()).webhookSecrets.sealed.previous).toBeGreaterThanOrEqual(2);

    const dry = await cli.runJson<ResealJson>(['secrets', 'reseal', '--dry-run'], rotating);
    expect(dry.json).toMatchObject({ dryRun: true, changedConcurrently: 0 });
    expect(dry.json.resealed).toBeGreaterThanOrEqual(1);
    expect(await settingsOf(moved.record.id)).toEqual(movedBefore);

    const run = await cli.runJson<ResealJson>(['secrets', 'reseal', '--batch-size', '1'], rotating);
    // A key sealed under a key nobody holds is left: the run exits 5 (incomplete), the result says which.
    expect(run.code).toBe(5);
    expect(run.json).toMatchObject({ dryRun: false, changedConcurrently: 0 });
    expect(run.json.resealed).toBe(dry.json.resealed);
    expect(run.json.unreadableKeyIds).toContain(lost.record.id);
    // One progress line per round of --batch-size keys, on stderr (stdout holds the one JSON object).
    expect(run.err.trim().split('\n').length).toBeGreaterThanOrEqual(run.json.examined);
    expect(run.err).toMatch(/^examined 1 keys: /);

    const newOnly = createSecretBox(NEW_KEY);
    const movedAfter = await settingsOf(moved.record.id);
    expect(newOnly.open(movedAfter?.secretEnc ?? '')).toBe(plain.current);
    expect(movedAfter?.previousSecrets.map((previous) => newOnly.open(previous.secretEnc))).toEqual([
      plain.previous,
      plain.older,
    ]);
    expect(movedAfter?.previousSecrets.map((previous) => previous.expiresAt)).toEqual(
      movedBefore?.previousSecrets.map((previous) => previous.expiresAt),
    );
    expect(await settingsOf(current.record.id)).toEqual(currentBefore);

    const again = await cli.runJson<ResealJson>(['secrets', 'reseal'], rotating);
    expect(again.json).toMatchObject({ resealed: 0, changedConcurrently: 0, unreadable: run.json.unreadable });
    expect((await status()).webhookSecrets.sealed).toMatchObject({ previous: 0 });
    const audits = await cli.runAudited(['secrets', 'reseal'], rotating);
    expect(audits.audits).toEqual([
      expect.objectContaining({
        action: 'secrets.reseal',
        outcome: 'success',
        details: expect.objectContaining({ resealed: 0 }),
      }),
    ]);
    expect(JSON.stringify(audits.audits)).not.toMatch(/whsec_|v1\./);
  });

  it('refuses a bad --batch-size before touching anything', async () => {
    const refused = await cli.runJson<{ error: { code: string } }>(
      ['secrets', 'reseal', '--batch-size', '0'],
      rotating,
    );
    expect([refused.code, refused.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);
  });
});
