import { randomFillSync, randomUUID } from 'node:crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes drawn from a pooled buffer: one CSPRNG call per 4 KiB instead of one per id (ids are hot). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool.readUInt8(poolOffset++);
}

/** Uniformly random base62 string (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    if (byte < 248) out += base62[byte % 62];
  }
  return out;
}

/** Sortable prefixed id: `<prefix>_<12 hex ms timestamp><16 base62>`, e.g. `req_…`, `evt_…`. */
export function prefixedId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomBase62(16)}`;
}

export const newUuid = (): string => randomUUID();
export const newRequestId = (): string => prefixedId('req');
