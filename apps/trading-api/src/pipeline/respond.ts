import { hash } from 'node:crypto';
import { writeJson } from '#shared/http/write-json.js';
import type { Request, Response } from 'express';
import type { OperationDescriptor } from '../openapi/operations.js';
import { matchesIfNoneMatch } from '#shared/http/conditional-get.js';
import { appendMeta } from '#shared/http/micro-cache.js';
import type { Meta } from '../http/envelope.js';
import { envelopeJson, type HandlerResult } from './operation-handler.js';

export const DEFAULT_CACHE_CONTROL = 'private, no-cache';

/** Weak validator over (route, query, key id, body): opaque to clients, stable while the representation is. */
export function computeEtag(routeId: string, query: string, apiKeyId: string, json: string): string {
  // One-shot hash: about half the cost of a Hash object on a body this size.
  const digest = hash('sha1', `${routeId}\n${query}\n${apiKeyId}\n${json}`, 'base64url');
  return `W/"${digest}"`;
}

/**
 * Writes a handler's result: serialises once (`_meta` appended after the ETag), adds a weak ETag to successful GETs (304 with an empty body when
 * If-None-Match matches) and Cache-Control. Deprecation/Sunset are set earlier, by the router, on every response.
 */
export function respond(
  req: Request,
  res: Response,
  operation: OperationDescriptor,
  context: { apiKeyId: string; requestId: string; now: Date },
  result: HandlerResult,
): void {
  const envelope = envelopeJson(result.body);
  res.setHeader('Cache-Control', result.cacheControl ?? DEFAULT_CACHE_CONTROL);
  if (req.method === 'GET' && result.status === 200) {
    const queryStart = req.originalUrl.indexOf('?');
    const etag = computeEtag(
      operation.routeId,
      queryStart < 0 ? '' : req.originalUrl.slice(queryStart + 1),
      context.apiKeyId,
      envelope,
    );
    res.setHeader('ETag', etag);
    if (matchesIfNoneMatch(req.get('if-none-match'), etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const meta: Meta = { requestId: context.requestId, timestamp: context.now.toISOString(), ...result.meta };
  const json = appendMeta(envelope, meta);
  writeJson(res, json, result.status);
}
