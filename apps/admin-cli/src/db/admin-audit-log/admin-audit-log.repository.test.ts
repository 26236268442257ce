import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { withTransaction } from '#shared/db/transaction.js';
import { listAdminActions, recordAdminAction, redactSecretShapes } from './admin-audit-log.repository.js';

describe('admin audit repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(() => test.destroy());

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
      outcome: 'success',
      details: { reason: 'leaked', tier: 'enterprise' },
      occurredAt: expect.any(Date),
    });
  });

  it('records a refused action with its error code as the outcome and finds it by action and outcome', async () => {
    const targetId = randomUUID();
    await recordAdminAction(test.db, { actor: 'cli', action: 'keys.issue', targetType: 'user', targetId });
    const refused = await recordAdminAction(test.db, {
      actor: 'cli',
      action: 'keys.issue',
      targetType: 'user',
      targetId,
      outcome: 'ACTIVE_KEY_LIMIT_REACHED',
      details: { reason: 'The user already holds 5 active keys' },
    });

    expect(refused.outcome).toBe('ACTIVE_KEY_LIMIT_REACHED');
    const rows = await test.db('admin_audit_log').where({ target_id: targetId }).orderBy('id').pluck('outcome');
    expect(rows).toEqual(['success', 'ACTIVE_KEY_LIMIT_REACHED']);
    const found = await listAdminActions(test.db, { action: 'keys.issue', outcome: 'ACTIVE_KEY_LIMIT_REACHED' });
    expect(found.map((entry) => entry.id)).toContain(refused.id);
    expect(found.every((entry) => entry.outcome === 'ACTIVE_KEY_LIMIT_REACHED')).toBe(true);
  });

  it('gives rows written without an outcome (as before the outcome column existed) the outcome success', async () => {
    const targetId = randomUUID();
    await test
      .db('admin_audit_log')
      .insert({ actor: 'cli', action: 'users.create', target_id: targetId, details: '{}' });

    const [entry] = await listAdminActions(test.db, { targetId });
    expect(entry?.outcome).toBe('success');
  });

  it('never stores a plaintext API key or webhook secret, even when a caller passes one', async () => {
    const key = `svc_live_${'A1b2C3d4'.repeat(4)}`;
    const secret = `whsec_${'Z9y8X7w6'.repeat(4)}`;
    const entry = await recordAdminAction(test.db, {
      actor: 'cli',
      action: 'keys.show',
      targetType: 'api_key',
      targetId: key,
      outcome: 'RESOURCE_NOT_FOUND',
      details: { id: key, nested: [{ note: `pasted ${secret} here` }] },
    });

    const [row] = (await test.db('admin_audit_log').where({ id: entry.id })) as Array<Record<string, unknown>>;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(secret);
    expect(entry).toMatchObject({
      targetId: '[redacted]',
      details: { id: '[redacted]', nested: [{ note: 'pasted [redacted] here' }] },
    });
  });

  it('records an action without a target with empty details', async () => {
    const entry = await recordAdminAction(test.db, { actor: 'cli', action: 'orgs.list' });

    expect(entry).toMatchObject({ targetType: null, targetId: null, outcome: 'success', details: {} });
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

describe('redactSecretShapes', () => {
  it('leaves values without secrets unchanged', () => {
    const value = { last4: 'ab12', scopes: ['markets:read'], count: 3, at: new Date(0), none: null };
    expect(redactSecretShapes(value)).toEqual(value);
  });
});
