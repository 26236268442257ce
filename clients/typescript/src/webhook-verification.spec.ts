/* verifyWebhook against deliveries signed by the webhook dispatcher's own signer (shared/src/webhooks). */
import { describe, expect, it } from '@jest/globals';
import { signWebhookBody } from '../../../apps/webhook-dispatcher/src/delivery/webhook-signature.js';
import { verifyWebhook, WebhookSignatureError } from './webhook-verification.js';

const NEW_SECRET = 'whsec_new_0123456789abcdefghijklmnopqrstuv';
const OLD_SECRET = 'whsec_old_0123456789abcdefghijklmnopqrstuv';
const NOW = 1_764_100_000_000;
const body = JSON.stringify({
  id: 'evt_01',
  type: 'trade.completed',
  apiVersion: '2026-04-29',
  createdAt: '2026-11-25T20:00:00.000Z',
  data: { tradeId: '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', status: 'completed', amount: '1.5' },
});

const failureOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('verifyWebhook accepted the delivery');
};

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the secret and returns its event', () => {
    const header = signWebhookBody([NEW_SECRET], NOW, body);
    const event = verifyWebhook(body, header, NEW_SECRET, { nowMs: NOW });
    expect(event).toMatchObject({ id: 'evt_01', type: 'trade.completed', data: { status: 'completed' } });
  });

  it('during a rotation accepts the two-signature header with either secret, and a receiver holding both', () => {
    const header = signWebhookBody([NEW_SECRET, OLD_SECRET], NOW, body);
    expect(header.match(/v1=/g)).toHaveLength(2);
    for (const secrets of [[OLD_SECRET], [NEW_SECRET], [NEW_SECRET, OLD_SECRET], [OLD_SECRET, NEW_SECRET]]) {
      expect(verifyWebhook(body, header, secrets, { nowMs: NOW }).id).toBe('evt_01');
    }
  });

  it('accepts a delivery signed with the previous secret only when the receiver still holds it', () => {
    const header = signWebhookBody([OLD_SECRET], NOW, Buffer.from(body).toString());
    expect(verifyWebhook(Buffer.from(body), header, [NEW_SECRET, OLD_SECRET], { nowMs: NOW }).id).toBe('evt_01');
    expect(failureOf(() => verifyWebhook(body, header, [NEW_SECRET], { nowMs: NOW }))).toMatchObject({
      reason: 'mismatch',
    });
  });

  it('refuses a stale timestamp (t in milliseconds), either way, and accepts it within a wider tolerance', () => {
    const sixMinutes = 6 * 60 * 1000;
    const old = signWebhookBody([NEW_SECRET, OLD_SECRET], NOW - sixMinutes, body);
    const future = signWebhookBody([NEW_SECRET], NOW + sixMinutes, body);
    for (const header of [old, future]) {
      const failure = failureOf(() => verifyWebhook(body, header, [NEW_SECRET, OLD_SECRET], { nowMs: NOW }));
      expect(failure).toBeInstanceOf(WebhookSignatureError);
      expect(failure).toMatchObject({ reason: 'stale' });
    }
    expect(verifyWebhook(body, old, NEW_SECRET, { nowMs: NOW, toleranceMs: 10 * 60 * 1000 }).id).toBe('evt_01');
    expect(failureOf(() => verifyWebhook(body, old, NEW_SECRET, { nowMs: NOW, toleranceMs: 60_000 }))).toMatchObject({
      reason: 'stale',
    });
  });

  it('refuses a body changed by one character, and a secret that signed nothing', () => {
    const header = signWebhookBody([NEW_SECRET, OLD_SECRET], NOW, body);
    const altered = body.replace('1.5', '9.5');
    expect(failureOf(() => verifyWebhook(altered, header, [NEW_SECRET, OLD_SECRET], { nowMs: NOW }))).toMatchObject({
      reason: 'mismatch',
    });
    expect(failureOf(() => verifyWebhook(body, header, 'whsec_someone_else', { nowMs: NOW }))).toMatchObject({
      reason: 'mismatch',
    });
  });

  it('refuses a missing or malformed header', () => {
    const v1 = signWebhookBody([NEW_SECRET], NOW, body).split(',')[1];
    for (const header of [undefined, '', `t=${NOW}`, `v1=${'a'.repeat(64)}`, `t=soon,${v1}`, `t=${NOW},v1=xyz`]) {
      expect(failureOf(() => verifyWebhook(body, header, NEW_SECRET, { nowMs: NOW }))).toMatchObject({
        reason: 'malformed',
      });
    }
  });

  it('skips empty segments of the header: a trailing or doubled comma still verifies', () => {
    const [t, v1] = signWebhookBody([NEW_SECRET], NOW, body).split(',');
    for (const header of [`${t},${v1},`, `${t},,${v1}`, `,${t},${v1}`, `${t}, ,${v1}`]) {
      expect(verifyWebhook(body, header, NEW_SECRET, { nowMs: NOW }).id).toBe('evt_01');
    }
  });

  it('refuses an authentic body that is not JSON as invalid_body, not a bare SyntaxError', () => {
    const notJson = 'hello, not json';
    const header = signWebhookBody([NEW_SECRET], NOW, notJson);
    const failure = failureOf(() => verifyWebhook(notJson, header, NEW_SECRET, { nowMs: NOW }));
    expect(failure).toBeInstanceOf(WebhookSignatureError);
    expect(failure).toMatchObject({ reason: 'invalid_body' });
  });
});
