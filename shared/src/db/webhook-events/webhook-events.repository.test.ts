import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../../../../apps/admin-cli/src/keys/issue-api-key.js';
import { prefixedId } from '../../ids/ids.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { createUser } from '../users/users.repository.js';
import { recordWebhookEvent } from './webhook-events.repository.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.destroy();
});

async function newKey(webhookUrl?: string): Promise<string> {
  const user = await createUser(test.db, { email: `we-${Date.now()}-${Math.random()}@test.example` });
  const { record } = await issueApiKey(test.db, 'test-pepper-0123456789abcdef0123456789abcdef', {
    userId: user.id,
    tier: 'mm',
    env: 'test',
    ...(webhookUrl ? { webhookUrl } : {}),
  });
  return record.id;
}

const at = new Date('2026-11-26T10:00:00.000Z');

function record(apiKeyId: string) {
  const id = prefixedId('evt', at.getTime());
  return test.db.transaction((trx) =>
    recordWebhookEvent(trx, apiKeyId, {
      id,
      type: 'trade.completed',
      apiVersion: 'v',
      tradeId: null,
      payload: { id },
      createdAt: at,
    }),
  );
}

async function rowsOf(apiKeyId: string): Promise<Array<{ id: string; seq: number; status: string }>> {
  const rows = await test
    .db('webhook_events')
    .where({ api_key_id: apiKeyId })
    .orderBy('seq')
    .select('id', 'seq', 'status');
  return rows.map((row: { id: string; seq: string; status: string }) => ({ ...row, seq: Number(row.seq) }));
}

describe('recordWebhookEvent', () => {
  it('numbers a key’s events 1, 2, 3 and records them pending, due now, when the key has a webhook URL', async () => {
    const apiKeyId = await newKey('http://127.0.0.1:9/hook');
    const recorded = [await record(apiKeyId), await record(apiKeyId), await record(apiKeyId)];

    expect(recorded.map(({ seq, status }) => [seq, status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect(await rowsOf(apiKeyId)).toEqual(recorded.map(({ id, seq }) => ({ id, seq, status: 'pending' })));
    const key = await test.db('api_keys').where({ id: apiKeyId }).first('last_webhook_seq');
    expect(Number(key.last_webhook_seq)).toBe(3);
    const [due] = await test.db('webhook_events').where({ api_key_id: apiKeyId }).select('next_attempt_at');
    expect(due!.next_attempt_at).toEqual(at);
  });

  it('records the events of a key without a webhook URL as none, never due, numbered all the same', async () => {
    const apiKeyId = await newKey();
    const recorded = [await record(apiKeyId), await record(apiKeyId)];

    expect(recorded.map(({ seq, status }) => [seq, status])).toEqual([
      [1, 'none'],
      [2, 'none'],
    ]);
    const rows = await test.db('webhook_events').where({ api_key_id: apiKeyId }).select('status', 'next_attempt_at');
    expect(rows).toEqual([
      { status: 'none', next_attempt_at: null },
      { status: 'none', next_attempt_at: null },
    ]);
  });

  it('sees a webhook URL set after earlier events: the next event is pending', async () => {
    const apiKeyId = await newKey();
    await record(apiKeyId);
    await test.db('api_keys').where({ id: apiKeyId }).update({ webhook_url: 'http://127.0.0.1:9/hook' });

    expect(await record(apiKeyId)).toMatchObject({ seq: 2, status: 'pending' });
  });

  it('gives 20 concurrent events of one key the numbers 1 to 20, each once', async () => {
    const apiKeyId = await newKey('http://127.0.0.1:9/hook');
    await Promise.all(Array.from({ length: 20 }, () => record(apiKeyId)));

    expect((await rowsOf(apiKeyId)).map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('refuses an unknown key and writes nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(record(unknown)).rejects.toThrow(`api key ${unknown} not found`);
    expect(await rowsOf(unknown)).toEqual([]);
  });
});
