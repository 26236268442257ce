/*
 * A per-replica micro-cache of public read responses (READ_CACHE_MS, default 1 s): the body is serialised once per
 * window and concurrent misses share one computation, so a hot list or detail costs MySQL at most once per window per
 * replica. `_meta` is kept apart and refreshed on every response (requestedAt, authenticated). Errors are never cached.
 */
import type { Response } from 'express';
import { authOf } from './api-key.js';
import { createReadThroughCache } from '#shared/cache/index.js';

const MAX_ENTRIES = 5_000;
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

interface CachedBody {
  /** The body without `_meta`, serialised, without its closing brace. */
  open: string;
  meta: Record<string, unknown> | undefined;
}

export interface ResponseCache {
  /** Sends the cached body of `key`, computing it with `compute` when absent or expired. */
  send(res: Response, key: string, compute: () => Promise<object>): Promise<void>;
}

function toCached(body: object): CachedBody {
  const { _meta: meta, ...rest } = body as Record<string, unknown>;
  return { open: JSON.stringify(rest).slice(0, -1), meta: meta as Record<string, unknown> | undefined };
}

function render(cached: CachedBody, res: Response, now: Date): string {
  if (!cached.meta) return `${cached.open}}`;
  const meta = { ...cached.meta };
  if ('requestedAt' in meta) meta.requestedAt = now.toISOString();
  if ('authenticated' in meta) meta.authenticated = authOf(res).authenticated;
  return `${cached.open}${cached.open === '{' ? '' : ','}"_meta":${JSON.stringify(meta)}}`;
}

export function createResponseCache(options: { ttlMs: number; now: () => Date }): ResponseCache {
  const { ttlMs, now } = options;
  const entries = createReadThroughCache<CachedBody>({
    ttlMs,
    maxEntries: MAX_ENTRIES,
    now: () => now().getTime(),
    refreshAheadMs: ttlMs / 4,
  });

  return {
    async send(res, key, compute) {
      const cached = await entries.get(key, async () => toCached(await compute()));
      res.setHeader('Content-Type', JSON_CONTENT_TYPE);
      res.send(render(cached, res, now()));
    },
  };
}
