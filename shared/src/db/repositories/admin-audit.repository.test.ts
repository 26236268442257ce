import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { withTransaction } from '../transaction.js';
import { listAdminActions, recordAdminAction } from './admin-audit.repository.js';

describe('admin audit repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('records an action with its target and details and returns the stored entry', async () => {
    const targetId = randomUUID();
    const entry = await recordAdminAction(test.db, {
      actor: 'ops@example.test',
      action: 'keys.revoke',
      targetType: 'api_key',
      targetId,
      details: { reason: 'leaked', tier: 'enterprise' },
    });

    expect(entry).toEqual({
      id: expect.stringMatching(/^\d+$/),
      actor: 'ops@example.test',
      action: 'keys.revoke',
      targetType: 'api_key',
      targetId,
      details: { reason: 'leaked', tier: 'enterprise' },
      occurredAt: expect.any(Date),
    });
  });

  it('records an action without a target with empty details', async () => {
    const entry = await recordAdminAction(test.db, { actor: 'cli', action: 'orgs.list' });

    expect(entry).toMatchObject({ targetType: null, targetId: null, details: {} });
  });

  it('lists a target’s actions newest first', async () => {
    const targetId = randomUUID();
    await recordAdminAction(test.db, { actor: 'cli', action: 'markets.freeze', targetType: 'market', targetId });
    await recordAdminAction(test.db, { actor: 'cli', action: 'markets.resolve', targetType: 'market', targetId });

    const actions = await listAdminActions(test.db, { targetType: 'market', targetId });
    expect(actions.map((action) => action.action)).toEqual(['markets.resolve', 'markets.freeze']);
  });

  it('discards the entry when the transaction that owns it rolls back', async () => {
    const targetId = randomUUID();
    await expect(
      withTransaction(test.db, async (trx) => {
        await recordAdminAction(trx, { actor: 'cli', action: 'users.create', targetType: 'user', targetId });
        throw new Error('the audited change failed');
      }),
    ).rejects.toThrow('the audited change failed');

    expect(await listAdminActions(test.db, { targetType: 'user', targetId })).toEqual([]);
  });
});
