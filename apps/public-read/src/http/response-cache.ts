/*
 * A per-replica micro-cache of public read responses (READ_CACHE_MS, default 1 s): the body is serialised once per
 * window and concurrent misses share one computation, so a hot list or detail costs MySQL at most once per window per
 * replica. `_meta` is kept apart and refreshed on every response (requestedAt, authenticated). Errors are never cached.
 */
import type { Response } from 'express';
import { appendMeta, createMicroCache, serializeBody, type SerializedBody } from '#shared/http/micro-cache.js';
import { SerializedJson, type JsonResult } from '#shared/http/respond.js';
import { authOf } from './api-key.js';

export interface ResponseCache {
  /** The cached body of `key` for this response, computed with `compute` when absent or expired. */
  read(res: Response, key: string, compute: () => Promise<object>): Promise<JsonResult>;
}

/** The body with its `_meta` refreshed for this response (requestedAt, authenticated). */
function render(cached: SerializedBody, res: Response, now: Date): string {
  if (!cached.meta) return cached.json;
  const meta = { ...cached.meta };
  if ('requestedAt' in meta) meta.requestedAt = now.toISOString();
  if ('authenticated' in meta) meta.authenticated = authOf(res).authenticated;
  return appendMeta(cached.json, meta);
}

export function createResponseCache(options: { ttlMs: number; now: () => Date }): ResponseCache {
  const { now } = options;
  const entries = createMicroCache<SerializedBody>({ ttlMs: options.ttlMs, now: () => now().getTime() });
  return {
    async read(res, key, compute) {
      const cached = await entries.get(key, async () => serializeBody(await compute()));
      return { status: 200, body: new SerializedJson(render(cached, res, now())) };
    },
  };
}
