import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { randomBase62 } from '../ids/ids.js';

/**
 * Encryption at rest for secrets the platform must read back (webhook signing secrets): AES-256-GCM under a key
 * derived (SHA-256) from a configured passphrase. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * During a rotation (docs/decisions/0030) the box also holds the previous passphrase: it seals under the current one
 * only and opens values sealed under either; GCM's tag tells which key a value was sealed under.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

/** Which of a box's keys a sealed value opens with. */
export type SealingKey = 'current' | 'previous';

export interface SecretBox {
  seal(plaintext: string): string;
  /** Opens a value sealed under the current or the previous key; throws on a tampered value or another key. */
  open(sealed: string): string;
  /** The key `sealed` opens with, or null (tampered, malformed, or sealed under a key this box does not hold). */
  keyOf(sealed: string): SealingKey | null;
}

const keyFrom = (passphrase: string) => createHash('sha256').update(passphrase, 'utf8').digest();

function checked(passphrase: string): string {
  if (passphrase.length < 32) throw new Error('the secret-box passphrase must be at least 32 characters');
  return passphrase;
}

function openWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
    throw new Error('not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** A box sealing under `passphrase`; with `previousPassphrase` it also opens what that one sealed. */
export function createSecretBox(passphrase: string, previousPassphrase?: string): SecretBox {
  const current = keyFrom(checked(passphrase));
  const previous = previousPassphrase === undefined ? undefined : keyFrom(checked(previousPassphrase));

  function attempt(sealed: string): { key: SealingKey; plaintext: string } | { error: Error } {
    try {
      return { key: 'current', plaintext: openWith(current, sealed) };
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (!previous || failure.message === 'not a sealed secret') return { error: failure };
      try {
        return { key: 'previous', plaintext: openWith(previous, sealed) };
      } catch {
        return { error: failure };
      }
    }
  }

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const result = attempt(sealed);
      if ('error' in result) throw result.error;
      return result.plaintext;
    },
    keyOf(sealed) {
      const result = attempt(sealed);
      return 'error' in result ? null : result.key;
    },
  };
}

/** `whsec_` followed by 32 base62 characters: the signing secret of a key's webhook deliveries. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z]{32}$/;

export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}
