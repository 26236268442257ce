import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createUser } from '#shared/db/users/users.repository.js';
import { findApiKeyById, revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import type { AppError } from '#shared/errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { hashApiKey, parseApiKey } from '#shared/auth/api-key-format.js';
import { issueApiKey, MAX_ACTIVE_KEYS_PER_USER } from './issue-api-key.js';

const pepper = 'issue-test-pepper-0123456789abcdef0123';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const newUser = () => createUser(database.db, { email: `issue-${Date.now()}-${Math.random()}@test.example` });

describe('issueApiKey', () => {
  it('returns the plaintext once and stores only its HMAC, with the tier default scopes', async () => {
    const user = await newUser();
    const { key, record } = await issueApiKey(database.db, pepper, { userId: user.id, tier: 'free', env: 'test' });
    expect(parseApiKey(key)?.env).toBe('test');
    expect(record.keyHash).toBe(hashApiKey(pepper, key));
    expect(record.last4).toBe(key.slice(-4));
    expect(record.scopes).toEqual(['markets:read', 'markets:quote', 'portfolio:read']);
    const row = await database.db('api_keys').where({ id: record.id }).first();
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('gives enterprise keys the trading scopes and honours overrides', async () => {
    const user = await newUser();
    const enterprise = await issueApiKey(database.db, pepper, { userId: user.id, tier: 'enterprise', env: 'live' });
    expect(enterprise.record.scopes).toEqual(expect.arrayContaining(['trades:read', 'trades:write']));
    const custom = await issueApiKey(database.db, pepper, {
      userId: user.id,
      tier: 'mm',
      env: 'test',
      scopes: ['webhooks:manage'],
      ipAllowlist: ['10.0.0.0/8'],
      rateLimitRpm: 5000,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(custom.record).toMatchObject({
      scopes: ['webhooks:manage'],
      ipAllowlist: ['10.0.0.0/8'],
      rateLimitRpm: 5000,
    });
  });

  it('returns 409 ACTIVE_KEY_LIMIT_REACHED beyond 5 active keys, even under concurrency', async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        issueApiKey(database.db, pepper, { userId: user.id, tier: 'free', env: 'test' }),
      ),
    );
    const issued = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(issued).toHaveLength(MAX_ACTIVE_KEYS_PER_USER);
    for (const result of refused) {
      expect(((result as PromiseRejectedResult).reason as AppError).code).toBe('ACTIVE_KEY_LIMIT_REACHED');
    }
  });

  it('does not count revoked keys toward the cap', async () => {
    const user = await newUser();
    const keys = [];
    for (let i = 0; i < 5; i += 1)
      keys.push(await issueApiKey(database.db, pepper, { userId: user.id, tier: 'free', env: 'test' }));
    expect(await revokeApiKey(database.db, keys[0]!.record.id, new Date())).toBe(true);
    expect(await revokeApiKey(database.db, keys[0]!.record.id, new Date())).toBe(false);
    expect((await findApiKeyById(database.db, keys[0]!.record.id))?.revokedAt).toBeInstanceOf(Date);
    await expect(
      issueApiKey(database.db, pepper, { userId: user.id, tier: 'free', env: 'test' }),
    ).resolves.toBeDefined();
  });

  it.each([
    ['an unknown scope', { scopes: ['admin:all'] }, 'VALIDATION_FAILED'],
    ['a bad allowlist', { ipAllowlist: ['10.0.0.0/40'] }, 'VALIDATION_FAILED'],
    ['a bad limit', { rateLimitRpm: 0 }, 'VALIDATION_FAILED'],
    ['a past expiry', { expiresAt: new Date(0) }, 'VALIDATION_FAILED'],
    ['an unknown user', { userId: '00000000-0000-4000-8000-000000000000' }, 'RESOURCE_NOT_FOUND'],
  ])('rejects %s with %s', async (_name, override, code) => {
    const user = await newUser();
    const issuing = issueApiKey(database.db, pepper, { userId: user.id, tier: 'free', env: 'test', ...override });
    await expect(issuing).rejects.toMatchObject({ code });
  });
});
