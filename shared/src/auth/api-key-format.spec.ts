import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { apiKeyCacheId, digestsEqual, generateApiKey, hashApiKey, parseApiKey } from './api-key-format.js';

const pepper = 'p'.repeat(40);

describe('API key format', () => {
  it('generates keys that parse back with their environment and last four characters', () => {
    for (const env of ['live', 'test'] as const) {
      const key = generateApiKey(env);
      expect(key).toMatch(/^svc_(live|test)_[0-9A-Za-z]{32}$/);
      expect(parseApiKey(key)).toEqual({ key, env, last4: key.slice(-4) });
    }
  });

  it('rejects wrong prefixes, lengths and alphabets', () => {
    for (const bad of [
      '',
      'svc_prod_' + 'a'.repeat(32),
      'svc_test_' + 'a'.repeat(31),
      'svc_test_' + 'a'.repeat(33),
      'svc_test_' + 'a'.repeat(31) + '-',
      ' svc_test_' + 'a'.repeat(32),
      'SVC_TEST_' + 'a'.repeat(32),
    ]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });

  it('stores HMAC-SHA256 under the pepper as 64 hex characters', () => {
    const key = generateApiKey('test');
    const hash = hashApiKey(pepper, key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(pepper, key)).toBe(hash);
    expect(hashApiKey(`${pepper}x`, key)).not.toBe(hash);
  });

  it('matches a stored hash only with the key that produced it (constant-time digest comparison)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(digestsEqual(hashApiKey(pepper, a), hashApiKey(pepper, a))).toBe(true);
        expect(digestsEqual(hashApiKey(pepper, a), hashApiKey(pepper, b))).toBe(a === b);
      }),
    );
  });

  it('compares digests of different lengths as unequal', () => {
    expect(digestsEqual('abcd', 'abcd')).toBe(true);
    expect(digestsEqual('abcd', 'abcdef')).toBe(false);
    expect(digestsEqual('', '')).toBe(false);
  });

  it('files keys in caches under a stable id that differs per key and does not contain the key', () => {
    const key = generateApiKey('live');
    const other = generateApiKey('live');
    expect(apiKeyCacheId(key)).toBe(apiKeyCacheId(key));
    expect(apiKeyCacheId(key)).not.toBe(apiKeyCacheId(other));
    expect(apiKeyCacheId(key)).not.toContain(key.slice(9));
    expect(apiKeyCacheId(key)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
