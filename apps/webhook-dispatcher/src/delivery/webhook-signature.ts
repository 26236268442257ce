/*
 * Webhook delivery signatures, two schemes over the same secrets (the current one and, during a rotation overlap,
 * the previous one: one signature per secret, the newest first):
 * - the contract's (DESIGN §6): `X-Service-Signature: t=<unix-ms>,v1=<hex>[,v1=<hex>]`, each v1 the HMAC-SHA256 of
 *   `<t>.<raw body>` keyed by the whole `whsec_…` string as UTF-8. The receiver's side is the typed client's
 *   verifyWebhook (clients/typescript/src/webhook-verification.ts, copyable on its own);
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (unix seconds) and
 *   `webhook-signature: v1,<base64>[ v1,<base64>]`, each the HMAC-SHA256 of `<id>.<timestamp>.<raw body>` keyed by
 *   the base64 decoding of the secret after `whsec_`, so `new Webhook(secret).verify(body, headers)` of the
 *   `standardwebhooks` package (or any of its ports) verifies with the secret exactly as the key holder has it.
 */
import { createHmac } from 'node:crypto';

const STANDARD_SECRET_PREFIX = 'whsec_';

function webhookSignatureValue(secret: string, timestampMs: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`, 'utf8').digest('hex');
}

function requireSecrets(secrets: readonly string[]): void {
  if (secrets.length === 0) throw new Error('a webhook delivery needs at least one signing secret');
}

/** The header value for `rawBody` signed at `timestampMs` with every secret in `secrets` (newest first). */
export function signWebhookBody(secrets: readonly string[], timestampMs: number, rawBody: string): string {
  requireSecrets(secrets);
  const values = secrets.map((secret) => `v1=${webhookSignatureValue(secret, timestampMs, rawBody)}`);
  return [`t=${timestampMs}`, ...values].join(',');
}

function standardSignature(secret: string, signedContent: string): string {
  const encodedKey = secret.startsWith(STANDARD_SECRET_PREFIX) ? secret.slice(STANDARD_SECRET_PREFIX.length) : secret;
  return createHmac('sha256', Buffer.from(encodedKey, 'base64')).update(signedContent, 'utf8').digest('base64');
}

/** The Standard Webhooks headers of delivery `eventId` at `timestampMs` (whole seconds on the wire). */
export function standardWebhookHeaders(
  secrets: readonly string[],
  eventId: string,
  timestampMs: number,
  rawBody: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  requireSecrets(secrets);
  const seconds = Math.floor(timestampMs / 1000);
  const signedContent = `${eventId}.${seconds}.${rawBody}`;
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': secrets.map((secret) => `v1,${standardSignature(secret, signedContent)}`).join(' '),
  };
}
