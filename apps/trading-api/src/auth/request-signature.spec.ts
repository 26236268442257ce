import { describe, expect, it } from '@jest/globals';
import {
  computeRequestSignature,
  parseSignatureHeader,
  signRequest,
  SIGNATURE_TOLERANCE_MS,
  verifyRequestSignature,
} from './request-signature.js';

const secret = 'svc_test_' + 'k'.repeat(32);
const request = { method: 'post', path: '/v1/trades', rawBody: Buffer.from('{"amount":"1.5"}') };
const now = 1_780_000_000_000;

describe('request signatures', () => {
  it('parses t and several v1 values, ignoring unknown schemes', () => {
    const a = 'a'.repeat(64);
    const b = 'B'.repeat(64);
    expect(parseSignatureHeader(`t=123,v1=${a},v0=zz,v1=${b}`)).toEqual({
      timestampMs: 123,
      signatures: [a, 'b'.repeat(64)],
    });
  });

  it('rejects malformed headers', () => {
    for (const bad of [
      '',
      't=1',
      `v1=${'a'.repeat(64)}`,
      `t=x,v1=${'a'.repeat(64)}`,
      't=1,v1=abc',
      `t=1,t=2,v1=${'a'.repeat(64)}`,
      'garbage',
    ]) {
      expect(parseSignatureHeader(bad)).toBeNull();
    }
  });

  it('signs `<t>.<METHOD>.<path>.<raw body>` with the upper-cased method', () => {
    const header = signRequest(secret, request, now);
    expect(header).toBe(`t=${now},v1=${computeRequestSignature(secret, now, { ...request, method: 'POST' })}`);
    expect(verifyRequestSignature(header, secret, request, now)).toEqual({ valid: true });
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const good = computeRequestSignature(secret, now, request);
    expect(verifyRequestSignature(`t=${now},v1=${'0'.repeat(64)},v1=${good}`, secret, request, now)).toEqual({
      valid: true,
    });
  });

  it('reports stale timestamps beyond ±5 minutes', () => {
    const header = signRequest(secret, request, now);
    expect(verifyRequestSignature(header, secret, request, now + SIGNATURE_TOLERANCE_MS)).toEqual({ valid: true });
    expect(verifyRequestSignature(header, secret, request, now + SIGNATURE_TOLERANCE_MS + 1)).toEqual({
      valid: false,
      reason: 'stale',
    });
    expect(verifyRequestSignature(header, secret, request, now - SIGNATURE_TOLERANCE_MS - 1)).toEqual({
      valid: false,
      reason: 'stale',
    });
  });

  it('reports a mismatch for a tampered body, path, method or secret', () => {
    const header = signRequest(secret, request, now);
    const mismatch = { valid: false, reason: 'mismatch' };
    expect(
      verifyRequestSignature(header, secret, { ...request, rawBody: Buffer.from('{"amount":"1.50"}') }, now),
    ).toEqual(mismatch);
    expect(verifyRequestSignature(header, secret, { ...request, path: '/v1/trades/x' }, now)).toEqual(mismatch);
    expect(verifyRequestSignature(header, secret, { ...request, method: 'PUT' }, now)).toEqual(mismatch);
    expect(verifyRequestSignature(header, `${secret}x`, request, now)).toEqual(mismatch);
  });

  it('reports malformed headers', () => {
    expect(verifyRequestSignature('t=abc', secret, request, now)).toEqual({ valid: false, reason: 'malformed' });
  });
});
