/*
 * CORS for embeds: every /api response allows any origin and exposes the rate-limit and request-id headers; a
 * preflight (OPTIONS with Access-Control-Request-Method) is answered 204 at once, before rate limits and routes.
 */
import type { RequestHandler } from 'express';

export const CORS_ALLOW_METHODS = 'GET, HEAD, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Accept, Content-Type, X-API-Key, X-Request-Id';
export const CORS_EXPOSE_HEADERS =
  'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

export function corsMiddleware(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    res.status(204).end();
  };
}
