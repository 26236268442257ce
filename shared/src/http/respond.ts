/*
 * The one response writer of both APIs: a handler's JSON result is serialised once (or handed over already
 * serialised, from a cache), its `_meta` appended without serialising the rest again, Cache-Control set, and a
 * successful GET given a weak ETag (304 with an empty body when If-None-Match matches) where the API asks for one.
 */
import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import { matchesIfNoneMatch } from './conditional-get.js';
import { appendMeta } from './micro-cache.js';
import { writeJson } from './write-json.js';

/** A body serialised ahead of time (a cached read): written without serialising it again. */
export class SerializedJson {
  constructor(readonly json: string) {}
}

/** What a handler answers. */
export interface JsonResult {
  status: number;
  /** The body without `_meta` when `meta` is given (the writer appends it). */
  body: object | SerializedJson;
  /** `_meta`, appended to the body. */
  meta?: object;
  cacheControl?: string;
}

/** The JSON of a body, serialising it only if nobody did yet. */
export function jsonOf(body: JsonResult['body']): string {
  return body instanceof SerializedJson ? body.json : JSON.stringify(body);
}

/** How an API answers: its default Cache-Control and whose ETags its GETs carry. */
export interface ResponsePolicy {
  cacheControl?: string;
  /** Weak ETags on successful GETs, over (route, query, caller, body). */
  etag?: { routeId: string; caller: string };
}

/** Weak validator over (route, query, caller, body): opaque to clients, stable while the representation is. */
export function computeEtag(routeId: string, query: string, caller: string, json: string): string {
  // One-shot hash: about half the cost of a Hash object on a body this size.
  const digest = hash('sha1', `${routeId}\n${query}\n${caller}\n${json}`, 'base64url');
  return `W/"${digest}"`;
}

/** The ETag of `json` as the response to `req` (its query string as sent). */
export function etagOf(req: Request, etag: NonNullable<ResponsePolicy['etag']>, json: string): string {
  const queryStart = req.originalUrl.indexOf('?');
  const query = queryStart < 0 ? '' : req.originalUrl.slice(queryStart + 1);
  return computeEtag(etag.routeId, query, etag.caller, json);
}

export function respond(req: Request, res: Response, result: JsonResult, policy: ResponsePolicy = {}): void {
  const json = jsonOf(result.body);
  const cacheControl = result.cacheControl ?? policy.cacheControl;
  if (cacheControl !== undefined) res.setHeader('Cache-Control', cacheControl);
  if (policy.etag && req.method === 'GET' && result.status === 200) {
    const etag = etagOf(req, policy.etag, json);
    res.setHeader('ETag', etag);
    if (matchesIfNoneMatch(req.get('if-none-match'), etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  writeJson(res, result.meta ? appendMeta(json, result.meta) : json, result.status);
}
