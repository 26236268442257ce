import express, { type RequestHandler } from 'express';
import { DEFAULT_BODY_LIMIT_BYTES } from '#shared/http/index.js';
import { setBodyError, setRawBody } from './request-context.js';

const isTooLarge = (error: unknown): boolean =>
  (error as { type?: unknown }).type === 'entity.too.large' || (error as { status?: unknown }).status === 413;

/**
 * The body-size step: reads the exact raw bytes (any content type) up to the limit (413 PAYLOAD_TOO_LARGE) and keeps
 * them for signature verification; JSON is parsed later, at the validation step. A body in a Content-Encoding that
 * cannot be decoded is a validation failure, so it is answered there too (after the key and the rate limiter, with
 * the caller's X-RateLimit-*), not here.
 */
export function rawBodyMiddleware(limitBytes: number = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  const readRaw = express.raw({ type: () => true, limit: limitBytes });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error && isTooLarge(error)) {
        next(error);
        return;
      }
      if (error) {
        setBodyError(res, error);
        setRawBody(res, Buffer.alloc(0));
        req.body = undefined;
        next();
        return;
      }
      setRawBody(res, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      req.body = undefined;
      next();
    });
  };
}
