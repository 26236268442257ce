/*
 * The per-replica micro-cache of both APIs' reads that answer the same to every caller (READ_CACHE_MS, default 1 s):
 * a body is computed and serialised once per window, concurrent misses share one computation and a hot entry is
 * refreshed in the background during the last quarter of its life, so a hot list or detail costs MySQL at most once
 * per window per replica. Errors are never cached. Each API appends its per-response `_meta` with appendMeta.
 */
import { createReadThroughCache, type ReadThroughCache } from '../cache/read-through-cache.js';

export const MICRO_CACHE_MAX_ENTRIES = 5_000;

export function createMicroCache<V>(options: { ttlMs: number; now: () => number }): ReadThroughCache<V> {
  return createReadThroughCache<V>({
    ttlMs: options.ttlMs,
    maxEntries: MICRO_CACHE_MAX_ENTRIES,
    now: options.now,
    refreshAheadMs: options.ttlMs / 4,
  });
}

/** A JSON object serialised once, `_meta` kept apart so each response can append its own. */
export interface SerializedBody {
  /** The object without `_meta`. */
  json: string;
  /** The body's own `_meta`, if it had one. */
  meta: Record<string, unknown> | undefined;
}

export function serializeBody(body: object): SerializedBody {
  // cast: bodies are envelopes, whose `_meta`, when present, is a JSON object.
  const { _meta: meta, ...rest } = body as { _meta?: Record<string, unknown> };
  return { json: JSON.stringify(rest), meta };
}

/** Appends `_meta` to a serialised JSON object without serialising the rest again (`{}` → `{"_meta":…}`). */
export function appendMeta(json: string, meta: object): string {
  const member = `"_meta":${JSON.stringify(meta)}}`;
  return json === '{}' ? `{${member}` : `${json.slice(0, -1)},${member}`;
}
