import { describe, expect, it } from '@jest/globals';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import { findWebhookSettingsOfKey } from '#shared/db/api-keys/api-key-secrets.repository.js';
import { recordWebhookEvent } from '#shared/db/webhook-events/webhook-events.repository.js';
import { prefixedId } from '#shared/ids/ids.js';
import { addCallerKey, callAs, createCaller, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const box = createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY);
const scopes = ['trades:read', 'webhooks:manage', 'auth:manage'];

const webhookCaller = () =>
  createCaller(kit, {
    scopes,
    webhookUrl: 'http://127.0.0.1:9/hook',
    webhookSecretEnc: box.seal('whsec_0123456789abcdefghijABCDEFGHIJ01'),
  });

async function recordEvent(caller: TestCaller, status?: 'delivered' | 'failed') {
  const createdAt = new Date(kit.clock.now());
  const id = prefixedId('evt', createdAt.getTime());
  await kit.database.db.transaction((trx) =>
    recordWebhookEvent(trx, caller.record.id, {
      id,
      type: 'trade.failed',
      apiVersion: '2026-04-29',
      tradeId: null,
      payload: { id },
      createdAt,
    }),
  );
  if (status) {
    await kit.database
      .db('webhook_events')
      .where({ id })
      .update({
        status,
        attempts: 1,
        last_status_code: status === 'failed' ? 410 : 200,
        last_failure_code: status === 'failed' ? 'HTTP_CLIENT_ERROR' : null,
        last_error_message: status === 'failed' ? 'gone' : null,
        terminal_failure_at: status === 'failed' ? createdAt : null,
      });
  }
  kit.clock.advance(1);
  return id;
}

describe('GET /v1/webhooks/events', () => {
  it("lists the calling key's events newest first with the delivery fields, filtered by status, across pages", async () => {
    const caller = await webhookCaller();
    const other = await addCallerKey(kit, caller, { scopes, webhookUrl: 'http://127.0.0.1:9/other' });
    const pending = await recordEvent(caller);
    const failed = await recordEvent(caller, 'failed');
    const delivered = await recordEvent(caller, 'delivered');
    await recordEvent(other);

    const all = await callAs(kit, caller, 'GET', '/v1/webhooks/events');
    expect(all.status).toBe(200);
    const items = all.json.data as Array<Record<string, unknown>>;
    expect(items.map((item) => item.id)).toEqual([delivered, failed, pending]);
    expect(items[1]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 410,
      lastFailureCode: 'HTTP_CLIENT_ERROR',
      lastErrorMessage: 'gone',
      type: 'trade.failed',
    });
    expect(all.json.pagination).toEqual({ cursor: null, hasMore: false, limit: 25 });

    const filtered = await callAs(kit, caller, 'GET', '/v1/webhooks/events?status=failed,pending');
    expect((filtered.json.data as Array<{ id: string }>).map((item) => item.id)).toEqual([failed, pending]);

    const first = await callAs(kit, caller, 'GET', '/v1/webhooks/events?limit=2');
    const pagination = first.json.pagination as { cursor: string; hasMore: boolean };
    expect(pagination.hasMore).toBe(true);
    const second = await callAs(kit, caller, 'GET', `/v1/webhooks/events?limit=2&cursor=${pagination.cursor}`);
    expect((second.json.data as Array<{ id: string }>).map((item) => item.id)).toEqual([pending]);
    const mismatched = await callAs(
      kit,
      caller,
      'GET',
      `/v1/webhooks/events?status=failed&cursor=${pagination.cursor}`,
    );
    expect(mismatched.status).toBe(400);
  });

  it('refuses an unknown status with 400 VALIDATION_FAILED', async () => {
    const caller = await webhookCaller();
    const response = await callAs(kit, caller, 'GET', '/v1/webhooks/events?status=lost');
    expectProblemCode(response, 400, 'VALIDATION_FAILED');
  });
});

describe('POST /v1/webhooks/events/{id}/redeliver', () => {
  it('answers 202 with the event due again, at most 5 times; the 6th is 429 WEBHOOK_REPLAY_LIMIT_REACHED without Retry-After', async () => {
    const caller = await webhookCaller();
    const id = await recordEvent(caller, 'failed');
    for (let replay = 1; replay <= 5; replay += 1) {
      const response = await callAs(kit, caller, 'POST', `/v1/webhooks/events/${id}/redeliver`);
      expect(response.status).toBe(202);
      expect(response.json.event).toMatchObject({ id, status: 'pending', terminalFailureAt: null });
      expect(response.json._meta).toMatchObject({ idempotent: false });
    }
    const sixth = await callAs(kit, caller, 'POST', `/v1/webhooks/events/${id}/redeliver`);
    expectProblemCode(sixth, 429, 'WEBHOOK_REPLAY_LIMIT_REACHED');
    expect(sixth.headers.get('retry-after')).toBeNull();
    const row = (await kit.database.db('webhook_events').where({ id }).first()) as Record<string, unknown>;
    expect(row).toMatchObject({ replay_count: 5, status: 'pending' });
    const outbox = await kit.database.db('outbox').where({ exchange: 'events' }).select('payload');
    expect(outbox.filter((entry: { payload: unknown }) => JSON.stringify(entry.payload).includes(id))).toHaveLength(5);
  });

  it('counts concurrent redeliveries exactly', async () => {
    const caller = await webhookCaller();
    const id = await recordEvent(caller, 'delivered');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callAs(kit, caller, 'POST', `/v1/webhooks/events/${id}/redeliver`)),
    );
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });

  it("answers 404 for an unknown id and for another key's event, 409 for an event recorded without a URL", async () => {
    const caller = await webhookCaller();
    const sibling = await addCallerKey(kit, caller, { scopes, webhookUrl: 'http://127.0.0.1:9/sibling' });
    const theirs = await recordEvent(sibling);
    expect((await callAs(kit, caller, 'POST', `/v1/webhooks/events/${theirs}/redeliver`)).status).toBe(404);
    expect((await callAs(kit, caller, 'POST', '/v1/webhooks/events/evt_0000unknown/redeliver')).json.code).toBe(
      'RESOURCE_NOT_FOUND',
    );
    const silent = await createCaller(kit, { scopes });
    const unsent = await recordEvent(silent);
    const refused = await callAs(kit, silent, 'POST', `/v1/webhooks/events/${unsent}/redeliver`);
    expectProblemCode(refused, 409, 'WEBHOOK_NOT_CONFIGURED');
  });
});

describe('POST /v1/auth/api-keys/me/webhook-secret/rotate', () => {
  it('returns a new secret once, keeps the old one 7 days, and refuses another rotation within 60 s', async () => {
    const caller = await webhookCaller();
    const before = (await kit.database.db('api_keys').where({ id: caller.record.id }).first()) as Record<
      string,
      string
    >;
    const response = await callAs(kit, caller, 'POST', '/v1/auth/api-keys/me/webhook-secret/rotate');
    expect(response.status).toBe(200);
    const secret = response.json.webhookSecret as { secret: string; rotatedAt: string; previousRetainedUntil: string };
    expect(secret.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(response.json.data).toEqual(secret);
    expect(Date.parse(secret.previousRetainedUntil) - Date.parse(secret.rotatedAt)).toBe(7 * 24 * 3_600_000);
    const after = (await kit.database.db('api_keys').where({ id: caller.record.id }).first()) as Record<string, string>;
    expect(box.open(after.webhook_secret_enc ?? '')).toBe(secret.secret);
    expect(after.webhook_secret_prev_enc).toBe(before.webhook_secret_enc);
    expect(JSON.stringify(after)).not.toContain(secret.secret);

    kit.clock.advance(30_000);
    const early = await callAs(kit, caller, 'POST', '/v1/auth/api-keys/me/webhook-secret/rotate');
    expectProblemCode(early, 429, 'WEBHOOK_SECRET_ROTATION_COOLDOWN');
    expect(Number(early.headers.get('retry-after'))).toBe(30);
    kit.clock.advance(30_000);
    expect((await callAs(kit, caller, 'POST', '/v1/auth/api-keys/me/webhook-secret/rotate')).status).toBe(200);
  });

  it('keeps every replaced secret its own 7 days across rotations: a second rotation does not drop the first one', async () => {
    const caller = await webhookCaller();
    const rotate = async () => {
      kit.clock.advance(60_000);
      const response = await callAs(kit, caller, 'POST', '/v1/auth/api-keys/me/webhook-secret/rotate');
      expect(response.status).toBe(200);
      return response.json.webhookSecret as { secret: string; previousRetainedUntil: string };
    };
    const original = (
      (await kit.database.db('api_keys').where({ id: caller.record.id }).first()) as Record<string, string>
    ).webhook_secret_enc;
    // A rotation whose answer was lost, then retried: receivers still hold the original secret.
    const lost = await rotate();
    const retried = await rotate();
    const settings = await findWebhookSettingsOfKey(kit.database.db, caller.record.id);
    expect(box.open(settings?.secretEnc ?? '')).toBe(retried.secret);
    expect(settings?.previousSecrets.map((previous) => box.open(previous.secretEnc))).toEqual([
      lost.secret,
      box.open(original ?? ''),
    ]);
    expect(settings?.previousSecrets.map((previous) => previous.expiresAt.toISOString())).toEqual([
      retried.previousRetainedUntil,
      lost.previousRetainedUntil,
    ]);
    // Once a replaced secret's 7 days are over it signs no more, and the next rotation lets it go.
    kit.clock.advance(7 * 24 * 3_600_000);
    const later = await rotate();
    const after = await findWebhookSettingsOfKey(kit.database.db, caller.record.id);
    expect(after?.previousSecrets.map((previous) => box.open(previous.secretEnc))).toEqual([retried.secret]);
    expect(box.open(after?.secretEnc ?? '')).toBe(later.secret);
  });

  it('answers 409 WEBHOOK_NOT_CONFIGURED for a key without a webhook URL', async () => {
    const caller = await createCaller(kit, { scopes });
    const response = await callAs(kit, caller, 'POST', '/v1/auth/api-keys/me/webhook-secret/rotate');
    expectProblemCode(response, 409, 'WEBHOOK_NOT_CONFIGURED');
  });
});

describe('GET /v1/account/usage webhook figures', () => {
  it("counts the key's events recorded for delivery, and of them the delivered and the failed ones", async () => {
    const caller = await webhookCaller();
    await recordEvent(caller);
    await recordEvent(caller, 'delivered');
    await recordEvent(caller, 'delivered');
    await recordEvent(caller, 'failed');
    const silent = await createCaller(kit, { scopes });
    await recordEvent(silent);
    const usage = await callAs(kit, caller, 'GET', '/v1/account/usage');
    expect(usage.status).toBe(200);
    const webhooks = (usage.json.usage as { webhooks: Record<string, unknown> }).webhooks;
    for (const window of ['24h', '7d', '30d'])
      expect(webhooks[window]).toEqual({ emitted: 4, delivered: 2, failed: 1 });
    const none = await callAs(kit, silent, 'GET', '/v1/account/usage');
    expect((none.json.usage as { webhooks: Record<string, unknown> }).webhooks['24h']).toEqual({
      emitted: 0,
      delivered: 0,
      failed: 0,
    });
  });
});
