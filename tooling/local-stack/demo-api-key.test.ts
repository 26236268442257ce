import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashApiKey } from '#shared/auth/api-key-format.js';
import { issueApiKey } from '../../apps/admin-cli/src/keys/issue-api-key.js';
import { countActiveApiKeys, findApiKeyByHash } from '#shared/db/api-keys/api-keys.repository.js';
import { listAdminActions } from '../../apps/admin-cli/src/db/admin-audit-log/admin-audit-log.repository.js';
import { demoIds } from './seed/demo-catalog.js';
import { seedDemoData } from './seed/demo-data.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { DEMO_API_KEY_NAME, issueDemoApiKey } from './demo-api-key.js';

const pepper = 'a-test-pepper-of-at-least-32-characters!!';
const alice = demoIds.users.alice;

describe('the npm start demo API key', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reports a missing demo user instead of failing', async () => {
    expect(await issueDemoApiKey(database.db, pepper)).toEqual({
      issued: false,
      reason: expect.stringMatching(/alice is not in the database/),
    });
  });

  it('issues an enterprise test key for alice, replacing the previous demo key on each start', async () => {
    await seedDemoData(database.db);
    const first = await issueDemoApiKey(database.db, pepper);
    const second = await issueDemoApiKey(database.db, pepper);
    if (!first.issued || !second.issued) throw new Error('expected both starts to issue a key');
    expect(first.key).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(second.key).not.toBe(first.key);
    expect(second.revokedPrevious).toBe(1);
    expect(second.record).toMatchObject({
      userId: alice,
      tier: 'enterprise',
      name: DEMO_API_KEY_NAME,
      revokedAt: null,
    });
    expect(second.record.scopes).toContain('markets:read');
    expect((await findApiKeyByHash(database.db, hashApiKey(pepper, first.key)))?.revokedAt).toBeInstanceOf(Date);
    expect(await countActiveApiKeys(database.db, alice, new Date())).toBe(1);
    const audit = await listAdminActions(database.db, { targetType: 'api_key', targetId: first.record.id });
    expect(audit.map((entry) => [entry.actor, entry.action])).toEqual([
      ['npm-start', 'keys.revoke'],
      ['npm-start', 'keys.issue'],
    ]);
  });

  it('leaves other keys alone and issues nothing when alice holds 5 other active keys', async () => {
    for (let i = 0; i < 4; i += 1) await issueApiKey(database.db, pepper, { userId: alice, tier: 'free', env: 'test' });
    // 4 others + the demo key = 5: replacing the demo key still fits.
    expect((await issueDemoApiKey(database.db, pepper)).issued).toBe(true);
    await database.db('api_keys').where({ user_id: alice, name: DEMO_API_KEY_NAME }).update({ name: 'renamed' });
    const result = await issueDemoApiKey(database.db, pepper);
    expect(result).toEqual({ issued: false, reason: expect.stringMatching(/5 other active keys/) });
    expect(await countActiveApiKeys(database.db, alice, new Date())).toBe(5);
  });
});
