/*
 * What keeps deliveries safe: SSRF refusals at connect time, signing during a secret rotation, and two dispatchers
 * working the same key at once (no delivery twice in the normal path, never two at a time for one key).
 */
import { describe, expect, it } from '@jest/globals';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { findWebhookEventOfKey } from '#shared/db/webhook-events/webhook-events.repository.js';
import { verifyWebhookSignature } from '#tooling/testing/webhook-receiver.js';
import { TEST_WEBHOOK_SECRET_KEY, useDispatcherKit } from '#tooling/kits/webhook-dispatcher/dispatcher-test-kit.js';
import { verifiesAsStandardWebhook } from '#tooling/kits/webhook-dispatcher/standard-webhook-verdict.js';
import { deliverKeyEvents } from './deliver-key-events.use-case.js';

const kit = useDispatcherKit();

const live = { SERVICE_ENV: 'live' as const, WEBHOOK_ALLOW_PRIVATE_TARGETS: false };
const statusOf = async (apiKeyId: string, id: string) => findWebhookEventOfKey(kit.database.db, apiKeyId, id);

describe('SSRF protection at connect time', () => {
  it('refuses, in live mode, a name that now resolves to 127.0.0.1, and fails the event with TARGET_REFUSED', async () => {
    const { apiKeyId } = await kit.createKey(`https://hooks.partner.example:${kit.receiver.port}/ssrf`);
    const id = await kit.recordEvent(apiKeyId);
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await deliverKeyEvents(kit.deps(live, resolve), apiKeyId);
    const event = await statusOf(apiKeyId, id);
    expect(event).toMatchObject({ status: 'failed', attempts: 1, lastFailureCode: 'TARGET_REFUSED' });
    expect(event?.lastErrorMessage).toContain('hooks.partner.example resolves to a loopback address');
    expect(kit.receiver.received('/ssrf')).toHaveLength(0);
  });

  it('tells which kind of address a name resolved to, never the address itself', async () => {
    const { apiKeyId } = await kit.createKey(`https://hooks.partner.example:${kit.receiver.port}/internal`);
    const id = await kit.recordEvent(apiKeyId);
    const resolve = async () => [{ address: '10.20.30.40', family: 4 }];
    await deliverKeyEvents(kit.deps(live, resolve), apiKeyId);
    const event = await statusOf(apiKeyId, id);
    expect(event).toMatchObject({ status: 'failed', lastFailureCode: 'TARGET_REFUSED' });
    expect(event?.lastErrorMessage).toContain('a private address');
    expect(event?.lastErrorMessage).not.toContain('10.20.30.40');
    expect(kit.receiver.received('/internal')).toHaveLength(0);
  });

  it('refuses, in live mode, a private address literal and a plain-http URL', async () => {
    const literal = await kit.createKey(`https://10.0.0.7:${kit.receiver.port}/ssrf`);
    const plain = await kit.createKey(kit.receiver.url('/ssrf'));
    const first = await kit.recordEvent(literal.apiKeyId);
    const second = await kit.recordEvent(plain.apiKeyId);
    await deliverKeyEvents(kit.deps(live), literal.apiKeyId);
    await deliverKeyEvents(kit.deps(live), plain.apiKeyId);
    expect(await statusOf(literal.apiKeyId, first)).toMatchObject({
      status: 'failed',
      lastFailureCode: 'TARGET_REFUSED',
    });
    expect(await statusOf(plain.apiKeyId, second)).toMatchObject({
      status: 'failed',
      lastFailureCode: 'URL_NOT_ALLOWED',
    });
    expect(kit.receiver.received('/ssrf')).toHaveLength(0);
  });

  it('refuses the cloud metadata address even where private targets are allowed', async () => {
    const { apiKeyId } = await kit.createKey('http://metadata.internal.example/latest');
    const id = await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(
      kit.deps({}, async () => [{ address: '169.254.169.254', family: 4 }]),
      apiKeyId,
    );
    expect(await statusOf(apiKeyId, id)).toMatchObject({ status: 'failed', lastFailureCode: 'TARGET_REFUSED' });
  });
});

describe('secret rotation overlap', () => {
  it('signs with the new and the previous secret (two signatures in each scheme) until the previous one expires, then with the new one only', async () => {
    const path = '/rotation';
    const { apiKeyId, secret: previous } = await kit.createKey(kit.receiver.url(path));
    const box = createSecretBox(TEST_WEBHOOK_SECRET_KEY);
    const current = 'whsec_NEWNEWNEWNEWNEWNEWNEWNEWNEWNEW12';
    const row = (await kit.database.db('api_keys').where({ id: apiKeyId }).first('webhook_secret_enc')) as {
      webhook_secret_enc: string;
    };
    const retainedUntil = kit.clock.now().getTime() + 7 * 24 * 3_600_000;
    await kit.database
      .db('api_keys')
      .where({ id: apiKeyId })
      .update({
        webhook_secret_enc: box.seal(current),
        webhook_secret_prev_enc: row.webhook_secret_enc,
        webhook_secret_prev_expires_at: new Date(retainedUntil),
        webhook_secret_rotated_at: kit.clock.now(),
      });
    await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(kit.deps(), apiKeyId);
    const [during] = kit.receiver.received(path);
    const header = String(during?.headers['x-service-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    const nowMs = kit.clock.now().getTime();
    expect(verifyWebhookSignature(header, during?.body ?? '', [current], { nowMs }).valid).toBe(true);
    expect(verifyWebhookSignature(header, during?.body ?? '', [previous], { nowMs }).valid).toBe(true);
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(verifiesAsStandardWebhook(during?.headers ?? {}, during?.body ?? '', secret, nowMs)).toBe(true);
    }

    kit.clock.set(retainedUntil + 1);
    await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(kit.deps(), apiKeyId);
    const after = kit.receiver.received(path)[1];
    const afterHeader = String(after?.headers['x-service-signature']);
    expect(afterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifyWebhookSignature(afterHeader, after?.body ?? '', [previous], { nowMs: retainedUntil + 1 }).valid).toBe(
      false,
    );
    expect(verifyWebhookSignature(afterHeader, after?.body ?? '', [current], { nowMs: retainedUntil + 1 }).valid).toBe(
      true,
    );
    expect(verifiesAsStandardWebhook(after?.headers ?? {}, after?.body ?? '', previous, retainedUntil + 1)).toBe(false);
    expect(verifiesAsStandardWebhook(after?.headers ?? {}, after?.body ?? '', current, retainedUntil + 1)).toBe(true);
  });
});

describe('two rotations within the overlap', () => {
  it('signs with the current secret and both replaced ones, each until its own 7 days end', async () => {
    const path = '/rotated-twice';
    const { apiKeyId, secret: original } = await kit.createKey(kit.receiver.url(path));
    const box = createSecretBox(TEST_WEBHOOK_SECRET_KEY);
    const [lost, current] = ['whsec_LOSTLOSTLOSTLOSTLOSTLOSTLOST1', 'whsec_RETRIEDRETRIEDRETRIEDRETRIE1'];
    const nowMs = kit.clock.now().getTime();
    await kit.database
      .db('api_keys')
      .where({ id: apiKeyId })
      .update({
        webhook_secret_enc: box.seal(current),
        webhook_secret_prev_enc: box.seal(lost),
        webhook_secret_prev_expires_at: new Date(nowMs + 7 * 24 * 3_600_000),
        webhook_secret_older_enc: box.seal(original),
        webhook_secret_older_expires_at: new Date(nowMs + 7 * 24 * 3_600_000 - 60_000),
        webhook_secret_rotated_at: kit.clock.now(),
      });
    await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(kit.deps(), apiKeyId);
    const [delivery] = kit.receiver.received(path);
    const header = String(delivery?.headers['x-service-signature']);
    expect(header.match(/v1=/g)).toHaveLength(3);
    for (const secret of [current, lost, original]) {
      expect(verifyWebhookSignature(header, delivery?.body ?? '', [secret], { nowMs }).valid).toBe(true);
      expect(verifiesAsStandardWebhook(delivery?.headers ?? {}, delivery?.body ?? '', secret, nowMs)).toBe(true);
    }
  });
});

describe('a rotation while a key is being drained', () => {
  it('reaches the next delivery of the same lease: it carries the new secret beside the previous one', async () => {
    const path = '/rotated-mid-drain';
    const { apiKeyId, secret: previous } = await kit.createKey(kit.receiver.url(path));
    const current = 'whsec_ROTATEDMIDDRAINROTATEDMIDDRA1';
    const box = createSecretBox(TEST_WEBHOOK_SECRET_KEY);
    let rotation: Promise<unknown> | undefined;
    // The first delivery's receiver rotates the secret, as its user would, and answers after the settings cache
    // (a second) has expired.
    kit.receiver.behave(path, () => {
      rotation ??= kit.database
        .db('api_keys')
        .where({ id: apiKeyId })
        .update({
          webhook_secret_enc: box.seal(current),
          webhook_secret_prev_enc: box.seal(previous),
          webhook_secret_prev_expires_at: new Date(kit.clock.now().getTime() + 7 * 24 * 3_600_000),
          webhook_secret_rotated_at: kit.clock.now(),
        })
        .then(() => undefined); // a query builder runs only once it is awaited or then'd
      return { kind: 'status', status: 200, delayMs: 1_200 };
    });
    await kit.recordEvent(apiKeyId);
    await kit.recordEvent(apiKeyId);

    await deliverKeyEvents(kit.deps({ WEBHOOK_TIMEOUT_MS: 5_000 }), apiKeyId);

    const [first, second] = kit.receiver.received(path);
    const nowMs = kit.clock.now().getTime();
    expect(String(first?.headers['x-service-signature']).match(/v1=/g)).toHaveLength(1);
    const header = String(second?.headers['x-service-signature']);
    expect(verifyWebhookSignature(header, second?.body ?? '', [current], { nowMs }).valid).toBe(true);
    expect(verifyWebhookSignature(header, second?.body ?? '', [previous], { nowMs }).valid).toBe(true);
    expect(verifiesAsStandardWebhook(second?.headers ?? {}, second?.body ?? '', current, nowMs)).toBe(true);
  });
});

describe('webhook-secret key rotation (WEBHOOK_SECRET_KEY_PREVIOUS)', () => {
  it('signs with secrets still sealed under the previous key, and pauses the key without it', async () => {
    const path = '/key-rotation';
    const { apiKeyId, secret } = await kit.createKey(kit.receiver.url(path)); // sealed under TEST_WEBHOOK_SECRET_KEY
    const newKey = 'the-webhook-secret-key-after-rotation-0001';
    const first = await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(kit.deps({ WEBHOOK_SECRET_KEY: newKey }), apiKeyId);
    expect(kit.receiver.received(path)).toHaveLength(0);
    expect(await statusOf(apiKeyId, first)).toMatchObject({ status: 'pending', attempts: 0 });

    kit.clock.advance(120_000); // past the pause of a key whose secret cannot be opened
    await deliverKeyEvents(
      kit.deps({ WEBHOOK_SECRET_KEY: newKey, WEBHOOK_SECRET_KEY_PREVIOUS: TEST_WEBHOOK_SECRET_KEY }),
      apiKeyId,
    );
    const [delivered] = kit.receiver.received(path);
    const header = String(delivered?.headers['x-service-signature']);
    const nowMs = kit.clock.now().getTime();
    expect(verifyWebhookSignature(header, delivered?.body ?? '', [secret], { nowMs }).valid).toBe(true);
    expect(await statusOf(apiKeyId, first)).toMatchObject({ status: 'delivered' });
  });
});

describe('two dispatchers at once', () => {
  it('deliver each event of a key once, in order, never two at a time', async () => {
    const path = '/two-dispatchers';
    let inFlight = 0;
    let overlap = 0;
    kit.receiver.behave(path, () => {
      inFlight += 1;
      if (inFlight > 1) overlap += 1;
      setTimeout(() => (inFlight -= 1), 4);
      return { kind: 'status', status: 200, delayMs: 5 };
    });
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) ids.push(await kit.recordEvent(apiKeyId, { index }));
    const [first, second] = [kit.deps(), kit.deps()];
    const runs = [];
    for (let wake = 0; wake < 10; wake += 1) runs.push(deliverKeyEvents(wake % 2 ? first : second, apiKeyId));
    const results = await Promise.all(runs);
    expect(results.filter((result) => result === 'drained').length).toBeGreaterThanOrEqual(1);
    expect(kit.receiver.received(path).map((entry) => entry.headers['x-service-event-id'])).toEqual(ids);
    expect(overlap).toBe(0);
  });
});

describe('a secret the deployment cannot open', () => {
  it('pauses the key for a minute without spending an attempt or sending anything', async () => {
    const path = '/foreign-secret';
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const foreign = createSecretBox('another-deployment-key-0123456789abcdef').seal(
      'whsec_FOREIGNFOREIGNFOREIGNFOREIGN123',
    );
    await kit.database.db('api_keys').where({ id: apiKeyId }).update({ webhook_secret_enc: foreign });
    const id = await kit.recordEvent(apiKeyId);
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('paused');
    expect(await statusOf(apiKeyId, id)).toMatchObject({ status: 'pending', attempts: 0 });
    const due = (await kit.database.db('webhook_events').where({ id }).first('next_attempt_at')) as {
      next_attempt_at: Date;
    };
    expect(new Date(due.next_attempt_at).getTime()).toBe(kit.clock.now().getTime() + 60_000);
    expect(kit.receiver.received(path)).toHaveLength(0);
  });
});

describe('names and busy keys', () => {
  it('delivers to a name whose every address the policy allows', async () => {
    const { apiKeyId } = await kit.createKey(`http://receiver.test:${kit.receiver.port}/by-name`);
    await kit.recordEvent(apiKeyId);
    await deliverKeyEvents(
      kit.deps({}, async () => [{ address: '127.0.0.1', family: 4 }]),
      apiKeyId,
    );
    expect(kit.receiver.received('/by-name')).toHaveLength(1);
  });

  it('lets go of a key after 200 events under one lease (yielded), the rest in order on the next wake', async () => {
    const path = '/busy-key';
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    for (let index = 0; index < 210; index += 1) await kit.recordEvent(apiKeyId, { index });
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('yielded');
    expect(kit.receiver.received(path)).toHaveLength(200);
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('drained');
    const order = kit.receiver
      .received(path)
      .map((entry) => (JSON.parse(entry.body) as { data: { index: number } }).data.index);
    expect(order).toEqual(Array.from({ length: 210 }, (_, index) => index));
  });
});

describe('a wake while the key is held', () => {
  it('makes the holder look again after release: an event recorded during its delivery is delivered by it, in order', async () => {
    const path = '/woken-while-held';
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    let second: Promise<string> | undefined;
    let busy: Promise<string> | undefined;
    kit.receiver.behave(path, () => {
      // The first delivery is in flight: another event is recorded and its wake finds the key held.
      if (!second) {
        second = kit.recordEvent(apiKeyId, { index: 1 });
        busy = second.then(() => deliverKeyEvents(kit.deps(), apiKeyId));
      }
      return { kind: 'status', status: 200, delayMs: 50 };
    });
    await kit.recordEvent(apiKeyId, { index: 0 });
    expect(await deliverKeyEvents(kit.deps(), apiKeyId)).toBe('drained');
    expect(await busy).toBe('busy');
    const order = kit.receiver
      .received(path)
      .map((entry) => (JSON.parse(entry.body) as { data: { index: number } }).data.index);
    expect(order).toEqual([0, 1]);
  });
});
