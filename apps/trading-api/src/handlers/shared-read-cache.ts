import type { ReadThroughCache } from '#shared/cache/read-through-cache.js';
import { jsonOf, SerializedJson } from '#shared/http/respond.js';
import type { HandlerResult, OperationHandler } from '../pipeline/operation-handler.js';

/**
 * For reads that answer the same to every caller (markets are public to every key holding markets:read): the
 * result is kept per (operation, API version, validated params and query) in a per-replica micro-cache
 * (READ_CACHE_MS, default 1 s), serialised once. A hot market costs MySQL at most once per window per replica;
 * errors are never cached. The ETag and `_meta` stay per request (respondV1).
 */
export function cachedForEveryCaller(
  cache: ReadThroughCache<HandlerResult>,
  operationId: string,
  handler: OperationHandler,
): OperationHandler {
  return (context) => {
    const { params, query } = context.input;
    const key = `${operationId}\n${context.apiVersion}\n${JSON.stringify(params)}\n${JSON.stringify(query)}`;
    return cache.get(key, async () => {
      const result = await handler(context);
      return { ...result, body: new SerializedJson(jsonOf(result.body)) };
    });
  };
}
