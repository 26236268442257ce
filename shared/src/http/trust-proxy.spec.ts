import { describe, expect, it } from '@jest/globals';
import { parseTrustProxy } from './trust-proxy.js';

describe('parseTrustProxy', () => {
  it('never trusts X-Forwarded-For by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy(' FALSE ')).toBe(false);
  });

  it('reads true, hop counts and address lists', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});
