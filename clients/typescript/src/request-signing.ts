/*
 * Optional body signing (trading-api.md, "Body signing"): `X-Service-Signature: t=<unix-ms>,v1=<hex>`, the
 * HMAC-SHA256 keyed by the plaintext API key over `<t>.<METHOD>.<path without query>.<raw body bytes>`.
 */
import { createHmac } from 'node:crypto';

export interface RequestToSign {
  method: string;
  /** The request URL's path as sent, e.g. `/v1/trades` (the query string is not signed). */
  path: string;
  body: Uint8Array;
}

/** The `X-Service-Signature` value of `request` signed with `apiKey` at `timestampMs`. */
export function signRequestBody(apiKey: string, request: RequestToSign, timestampMs: number = Date.now()): string {
  const signature = createHmac('sha256', apiKey)
    .update(`${timestampMs}.${request.method.toUpperCase()}.${request.path}.`, 'utf8')
    .update(request.body)
    .digest('hex');
  return `t=${timestampMs},v1=${signature}`;
}
