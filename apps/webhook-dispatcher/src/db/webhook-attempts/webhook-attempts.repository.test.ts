import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { issueApiKey } from '../../../../admin-cli/src/keys/issue-api-key.js';
import { prefixedId } from '#shared/ids/ids.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { recordWebhookEvent } from '#shared/db/webhook-events/webhook-events.repository.js';
import { listAttemptsOfEvent, recordDeliveryAttempts } from './webhook-attempts.repository.js';
import {
  listDueKeyHeads,
  listOpenEventsOfKey,
  type EventAttempt,
} from '#shared/db/webhook-events/webhook-deliveries.repository.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.destroy();
});

async function keyWithEvents(count: number, at: Date) {
  const user = await createUser(test.db, { email: `wd-${Date.now()}-${Math.random()}@test.example` });
  const { record } = await issueApiKey(test.db, 'test-pepper-0123456789abcdef0123456789abcdef', {
    userId: user.id,
    tier: 'mm',
    env: 'test',
    webhookUrl: 'http://127.0.0.1:9/hook',
  });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push((await test.db.transaction((trx) => recordEvent(trx, record.id, at))).id);
  }
  return { apiKeyId: record.id, ids };
}

function recordEvent(trx: Knex.Transaction, apiKeyId: string, at: Date) {
  const id = prefixedId('evt', at.getTime());
  return recordWebhookEvent(trx, apiKeyId, {
    id,
    type: 'trade.completed',
    apiVersion: 'v',
    tradeId: null,
    payload: { id },
    createdAt: at,
  });
}

const delivered = (eventId: string, at: Date): EventAttempt => ({
  eventId,
  attemptsBefore: 0,
  replaysBefore: 0,
  triggeredBy: 'schedule',
  url: 'http://127.0.0.1:9/hook',
  startedAt: at,
  finishedAt: at,
  statusCode: 200,
  failureCode: null,
  errorMessage: null,
  outcome: 'delivered',
  nextAttemptAt: null,
});

describe('webhook deliveries repository', () => {
  it('records a batch of attempts at once, and refuses the same batch again without writing anything', async () => {
    const at = new Date('2026-11-25T10:00:00.000Z');
    const { apiKeyId, ids } = await keyWithEvents(3, at);
    const batch = ids.slice(0, 2).map((id) => delivered(id, at));
    expect(await recordDeliveryAttempts(test.db, apiKeyId, batch)).toBe(true);
    expect(await recordDeliveryAttempts(test.db, apiKeyId, batch)).toBe(false);
    expect((await listOpenEventsOfKey(test.db, apiKeyId, 10)).map((event) => event.id)).toEqual([ids[2]]);
    expect(await listAttemptsOfEvent(test.db, apiKeyId, ids[0] ?? '')).toHaveLength(1);
    const row = (await test.db('webhook_events').where({ id: ids[1] }).first()) as Record<string, unknown>;
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
  });

  it('lists as due only keys whose oldest open event is due, whatever waits behind it', async () => {
    const at = new Date('2026-11-25T11:00:00.000Z');
    const waiting = await keyWithEvents(2, at);
    const due = await keyWithEvents(1, at);
    await test
      .db('webhook_events')
      .where({ id: waiting.ids[0] })
      .update({ status: 'retrying', next_attempt_at: new Date(at.getTime() + 60_000) });
    const heads = await listDueKeyHeads(test.db, new Date(at.getTime() + 1_000), 100);
    expect(heads).toContainEqual({ apiKeyId: due.apiKeyId, eventId: due.ids[0] });
    expect(heads.map((head) => head.apiKeyId)).not.toContain(waiting.apiKeyId);
  });

  it('lets a new event of the key be recorded while a delivery record is still uncommitted (no gap lock on the key)', async () => {
    const at = new Date('2026-11-25T12:00:00.000Z');
    const { apiKeyId, ids } = await keyWithEvents(12, at);
    await test.db.transaction(async (held) => {
      // The delivery record's statements run inside `held` (a savepoint): their locks last until `held` commits.
      expect(await recordDeliveryAttempts(held, apiKeyId, [delivered(ids[0] ?? '', at)])).toBe(true);
      const recorded = await test.db.transaction(async (writer) => {
        await writer.raw('SET SESSION innodb_lock_wait_timeout = 2');
        return recordEvent(writer, apiKeyId, at);
      });
      expect(recorded).toMatchObject({ seq: 13, status: 'pending' });
    });
  });
});
