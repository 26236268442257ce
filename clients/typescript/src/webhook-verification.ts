/*
 * Verifying a webhook delivery on your server: `X-Service-Signature: t=<unix-ms>,v1=<hex>[,v1=<hex>]`, each v1 the
 * HMAC-SHA256 of `<t>.<raw body bytes>` under one of the key's webhook secrets (the whole `whsec_…` string). `t`
 * is in MILLISECONDS. During a secret rotation the header carries two v1 values (new and previous secret) and you
 * may hold both secrets: any secret matching any v1 is enough. A timestamp further than `toleranceMs` (default
 * 5 minutes) from now is refused, so a captured delivery cannot be replayed later. Verify the exact bytes received,
 * before any JSON parsing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TradeEvent } from './events.js';

export const DEFAULT_WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** `invalid_body`: authentic (the signature matched) but not a JSON event. */
export type WebhookFailure = 'malformed' | 'stale' | 'mismatch' | 'invalid_body';

export interface VerifyWebhookOptions {
  /** How far the signature's timestamp may be from now, either way (default 5 minutes). */
  toleranceMs?: number;
  /** Now, in ms since the epoch (default Date.now()). */
  nowMs?: number;
}

/** The delivery is not authentic (or too old): do not act on it, answer 400. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(readonly reason: WebhookFailure) {
    super(`webhook signature ${reason}`);
  }
}

function parseHeader(header: string): { timestamp: string; signatures: Buffer[] } | null {
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    if (part.trim() === '') continue; // a trailing or doubled comma
    const separator = part.indexOf('=');
    if (separator <= 0) return null;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't') {
      if (timestamp !== undefined || !/^\d{1,16}$/.test(value)) return null;
      timestamp = value;
    } else if (name === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a delivery and returns its parsed event; throws WebhookSignatureError (`reason` malformed, stale or
 * mismatch) when it is not authentic, `invalid_body` when it is authentic but not JSON. `secrets`: your current webhook secret, plus the previous one while a
 * rotation rolls out.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): TradeEvent {
  const parsed = signatureHeader ? parseHeader(signatureHeader) : null;
  if (!parsed) throw new WebhookSignatureError('malformed');
  const toleranceMs = options.toleranceMs ?? DEFAULT_WEBHOOK_TOLERANCE_MS;
  if (Math.abs((options.nowMs ?? Date.now()) - Number(parsed.timestamp)) > toleranceMs) {
    throw new WebhookSignatureError('stale');
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  let matched = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`, 'utf8').update(body).digest();
    // Every candidate is compared (no early exit), so timing does not tell which one matched.
    for (const candidate of parsed.signatures) matched = timingSafeEqual(expected, candidate) || matched;
  }
  if (!matched) throw new WebhookSignatureError('mismatch');
  try {
    const event: TradeEvent = JSON.parse(Buffer.from(body).toString('utf8'));
    return event;
  } catch {
    throw new WebhookSignatureError('invalid_body');
  }
}
