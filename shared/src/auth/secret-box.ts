import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { randomBase62 } from '../ids/index.js';

/**
 * Encryption at rest for secrets the platform must read back (webhook signing secrets): AES-256-GCM under a key
 * derived (SHA-256) from a configured passphrase. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws on a tampered value or a different key. */
  open(sealed: string): string;
}

export function createSecretBox(passphrase: string): SecretBox {
  if (passphrase.length < 32) throw new Error('the secret-box passphrase must be at least 32 characters');
  const key = createHash('sha256').update(passphrase, 'utf8').digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** `whsec_` followed by 32 base62 characters: the signing secret of a key's webhook deliveries. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z]{32}$/;

export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}
