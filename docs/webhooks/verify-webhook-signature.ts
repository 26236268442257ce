/*
 * Verifying a Foretell webhook on the receiver's side. This file imports only node:crypto: copy it into a receiver
 * or import it from the package.
 *
 *   X-Service-Signature: t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>]
 *
 * The signed string is `<t>.<raw body>`: the exact bytes received, before any JSON parsing. `t` is Unix time in
 * MILLISECONDS (13 digits today), not seconds as Stripe-style verifiers assume: a verifier that multiplies it by
 * 1000 or compares it with seconds rejects every delivery. During a secret rotation the header carries two v1
 * values (new and previous secret); any one matching is enough. Deliveries older or newer than the tolerance
 * (5 minutes by default) are refused, so a captured delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export type WebhookVerification =
  { valid: true; timestampMs: number } | { valid: false; reason: 'malformed' | 'stale' | 'mismatch' };

export interface VerifyWebhookOptions {
  /** Default 5 minutes. */
  toleranceMs?: number;
  /** Default Date.now(). */
  nowMs?: number;
}

/**
 * Checks `header` (the X-Service-Signature value) against `rawBody` with any of `secrets` (your current webhook
 * secret, plus the previous one while you roll it out).
 */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string | Buffer,
  secrets: readonly string[],
  options: VerifyWebhookOptions = {},
): WebhookVerification {
  if (!header) return { valid: false, reason: 'malformed' };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.trim().split('=');
    if (!name || value === undefined || rest.length > 0) return { valid: false, reason: 'malformed' };
    if (name === 't') timestamp = value;
    else if (name === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || signatures.length === 0)
    return { valid: false, reason: 'malformed' };
  const timestampMs = Number(timestamp);
  const tolerance = options.toleranceMs ?? WEBHOOK_SIGNATURE_TOLERANCE_MS;
  if (Math.abs((options.nowMs ?? Date.now()) - timestampMs) > tolerance) return { valid: false, reason: 'stale' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest();
    for (const signature of signatures) {
      if (!/^[0-9a-f]{64}$/i.test(signature)) continue;
      if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { valid: true, timestampMs };
    }
  }
  return { valid: false, reason: 'mismatch' };
}
