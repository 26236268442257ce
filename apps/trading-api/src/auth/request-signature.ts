import { createHmac } from 'node:crypto';
import { digestsEqual } from '#shared/auth/api-key-format.js';

/** ±5 minutes around the server clock. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
const MAX_SIGNATURES = 8;

export interface ParsedSignature {
  timestampMs: number;
  signatures: string[];
}

export type SignatureFailure = 'malformed' | 'stale' | 'mismatch';

export type SignatureCheck = { valid: true } | { valid: false; reason: SignatureFailure };

/** Parses `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`; null when the header is not of that shape. */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestampMs: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return null;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't') {
      if (timestampMs !== undefined || !/^\d{1,16}$/.test(value)) return null;
      timestampMs = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Unknown schemes (v0, v2…) are ignored so signers can add algorithms without breaking verifiers.
  }
  if (timestampMs === undefined || signatures.length === 0 || signatures.length > MAX_SIGNATURES) return null;
  return { timestampMs, signatures };
}

export interface SignedRequest {
  method: string;
  /** The request path without the query string, e.g. `/v1/trades`. */
  path: string;
  rawBody: Buffer;
}

/** HMAC-SHA256 (hex) over `<t>.<METHOD>.<path>.<raw body bytes>` keyed by `secret` (the plaintext API key). */
export function computeRequestSignature(secret: string, timestampMs: number, request: SignedRequest): string {
  return createHmac('sha256', secret)
    .update(`${timestampMs}.${request.method.toUpperCase()}.${request.path}.`, 'utf8')
    .update(request.rawBody)
    .digest('hex');
}

/** Builds a header value (clients, tests, the bench). */
export function signRequest(secret: string, request: SignedRequest, timestampMs: number = Date.now()): string {
  return `t=${timestampMs},v1=${computeRequestSignature(secret, timestampMs, request)}`;
}

/** Verifies a header against the exact raw bytes: any one matching `v1` passes within the tolerance. */
export function verifyRequestSignature(
  header: string,
  secret: string,
  request: SignedRequest,
  nowMs: number = Date.now(),
): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { valid: false, reason: 'malformed' };
  if (Math.abs(nowMs - parsed.timestampMs) > SIGNATURE_TOLERANCE_MS) return { valid: false, reason: 'stale' };
  const expected = computeRequestSignature(secret, parsed.timestampMs, request);
  // Compare every candidate (no early exit) so timing does not reveal which position matched.
  let matched = false;
  for (const candidate of parsed.signatures) matched = digestsEqual(expected, candidate) || matched;
  return matched ? { valid: true } : { valid: false, reason: 'mismatch' };
}
