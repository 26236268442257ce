/*
 * Webhook delivery signatures (DESIGN §6): `X-Service-Signature: t=<unix-ms>,v1=<hex>[,v1=<hex>]`, each v1 the
 * HMAC-SHA256 of `<t>.<raw body>` under one of the key's secrets (the whole `whsec_…` string as UTF-8). During a
 * rotation overlap the header carries one v1 per secret, the newest first. The receiver's side is the typed client's
 * verifyWebhook (clients/typescript/src/webhook-verification.ts, copyable on its own).
 */
import { createHmac } from 'node:crypto';

function webhookSignatureValue(secret: string, timestampMs: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`, 'utf8').digest('hex');
}

/** The header value for `rawBody` signed at `timestampMs` with every secret in `secrets` (newest first). */
export function signWebhookBody(secrets: readonly string[], timestampMs: number, rawBody: string): string {
  if (secrets.length === 0) throw new Error('a webhook delivery needs at least one signing secret');
  const values = secrets.map((secret) => `v1=${webhookSignatureValue(secret, timestampMs, rawBody)}`);
  return [`t=${timestampMs}`, ...values].join(',');
}
