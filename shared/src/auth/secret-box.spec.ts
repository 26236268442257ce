import { describe, expect, it } from '@jest/globals';
import { createSecretBox, generateWebhookSecret, WEBHOOK_SECRET_PATTERN } from './secret-box.js';

const passphrase = 'a-test-passphrase-of-at-least-32-characters';

describe('secret box', () => {
  it('round-trips, with a fresh IV each time', () => {
    const box = createSecretBox(passphrase);
    const first = box.seal('whsec_abc');
    const second = box.seal('whsec_abc');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('abc');
    expect(box.open(first)).toBe('whsec_abc');
    expect(box.open(second)).toBe('whsec_abc');
  });

  it('refuses a tampered value, another key and a malformed value', () => {
    const sealed = createSecretBox(passphrase).seal('whsec_abc');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), flipped.toString('base64url')].join('.');
    expect(() => createSecretBox(passphrase).open(tampered)).toThrow();
    expect(() => createSecretBox(`${passphrase}-other`).open(sealed)).toThrow();
    expect(() => createSecretBox(passphrase).open('plain')).toThrow(/not a sealed secret/);
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });

  it('during a rotation seals under the new key and opens what either key sealed, telling which', () => {
    const previous = `${passphrase}-previous`;
    const old = createSecretBox(previous).seal('whsec_old');
    const rotating = createSecretBox(passphrase, previous);
    const fresh = rotating.seal('whsec_new');
    expect(rotating.open(old)).toBe('whsec_old');
    expect(rotating.open(fresh)).toBe('whsec_new');
    expect([rotating.keyOf(fresh), rotating.keyOf(old)]).toEqual(['current', 'previous']);
    expect(createSecretBox(passphrase).open(fresh)).toBe('whsec_new'); // sealed under the new key only
    expect(() => createSecretBox(passphrase).open(old)).toThrow();
    expect(createSecretBox(passphrase).keyOf(old)).toBeNull();
    const other = createSecretBox(`${passphrase}-other`).seal('whsec_x');
    expect(() => rotating.open(other)).toThrow();
    expect([rotating.keyOf(other), rotating.keyOf('plain')]).toEqual([null, null]);
    expect(() => createSecretBox(passphrase, 'short')).toThrow(/at least 32/);
  });

  it('generates whsec_ secrets of 32 base62 characters', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});
