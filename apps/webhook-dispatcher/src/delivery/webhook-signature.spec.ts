import { describe, expect, it } from '@jest/globals';
import { signWebhookBody } from './webhook-signature.js';
import { verifyWebhookSignature } from '#tooling/testing/webhook-receiver.js';

const body = '{"id":"evt_1","type":"trade.completed"}';
const current = 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const previous = 'whsec_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const t = 1_764_000_000_000;

describe('webhook signatures', () => {
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
