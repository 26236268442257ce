import { describe, expect, it } from '@jest/globals';
import { signWebhookBody, standardWebhookHeaders } from './webhook-signature.js';
import { verifyWebhookSignature } from '#tooling/testing/webhook-receiver.js';
import { verifiesAsStandardWebhook } from '#tooling/kits/webhook-dispatcher/standard-webhook-verdict.js';

const body = '{"id":"evt_1","type":"trade.completed"}';
const current = 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const previous = 'whsec_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const t = 1_764_000_000_000;

describe('contract webhook signatures', () => {
  it('signs t=<ms>,v1=<hex> over "<t>.<raw body>" and verifies with the same secret', () => {
    const header = signWebhookBody([current], t, body);
    expect(header).toMatch(/^t=1764000000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t })).toEqual({ valid: true, timestampMs: t });
  });
  it('carries one v1 per secret during a rotation overlap: old and new secrets each verify', () => {
    const header = signWebhookBody([current, previous], t, body);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t }).valid).toBe(true);
    expect(verifyWebhookSignature(header, body, [previous], { nowMs: t }).valid).toBe(true);
  });
  it('refuses another body, another secret, a stale or future timestamp and malformed headers', () => {
    const header = signWebhookBody([current], t, body);
    expect(verifyWebhookSignature(header, `${body} `, [current], { nowMs: t })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(header, body, [previous], { nowMs: t })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t + 5 * 60_000 + 1 }).valid).toBe(false);
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t - 5 * 60_000 - 1 }).valid).toBe(false);
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t + 5 * 60_000 }).valid).toBe(true);
    for (const bad of [undefined, '', 'v1=abc', 't=abc,v1=00', `t=${t}`, 't=1,v1=1=2']) {
      expect(verifyWebhookSignature(bad, body, [current], { nowMs: t })).toEqual({ valid: false, reason: 'malformed' });
    }
  });
  it('refuses a header whose timestamp was taken as seconds (the Stripe-style mistake)', () => {
    const seconds = Math.floor(t / 1000);
    const header = signWebhookBody([current], seconds, body);
    expect(verifyWebhookSignature(header, body, [current], { nowMs: t })).toEqual({ valid: false, reason: 'stale' });
  });
  it('verifies raw bytes given as a Buffer', () => {
    const header = signWebhookBody([current], t, body);
    expect(verifyWebhookSignature(header, Buffer.from(body), [current], { nowMs: t }).valid).toBe(true);
  });
});

describe('Standard Webhooks signatures', () => {
  const now = Date.now();
  const headersOf = (secrets: string[], at = now) => standardWebhookHeaders(secrets, 'evt_1', at, body);

  it('carry webhook-id, webhook-timestamp in seconds and one v1,<base64> per secret', () => {
    expect(headersOf([current], t)).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1764000000',
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(headersOf([current, previous])['webhook-signature'].split(' ')).toHaveLength(2);
  });
  it('verify with the standardwebhooks package under the whsec_ secret as issued, either secret in a rotation', () => {
    expect(verifiesAsStandardWebhook(headersOf([current]), body, current, now)).toBe(true);
    expect(verifiesAsStandardWebhook(headersOf([current, previous]), body, current, now)).toBe(true);
    expect(verifiesAsStandardWebhook(headersOf([current, previous]), body, previous, now)).toBe(true);
  });
  it('are refused by the package for another body, another secret, or outside its 5-minute tolerance', () => {
    expect(verifiesAsStandardWebhook(headersOf([current]), `${body} `, current, now)).toBe(false);
    expect(verifiesAsStandardWebhook(headersOf([current]), body, previous, now)).toBe(false);
    expect(verifiesAsStandardWebhook(headersOf([current], now - 6 * 60_000), body, current, now)).toBe(false);
    expect(verifiesAsStandardWebhook(headersOf([current], now + 6 * 60_000), body, current, now)).toBe(false);
  });
});
