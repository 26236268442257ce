import { randomBytes, randomUUID } from 'node:crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 string (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

/** Sortable prefixed id: `<prefix>_<12 hex ms timestamp><16 base62>`, e.g. `req_…`, `evt_…`. */
export function prefixedId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomBase62(16)}`;
}

export const newUuid = (): string => randomUUID();
export const newRequestId = (): string => prefixedId('req');
