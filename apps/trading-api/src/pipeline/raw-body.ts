import express, { type RequestHandler } from 'express';
import { DEFAULT_BODY_LIMIT_BYTES } from '#shared/http/index.js';
import { setRawBody } from './request-context.js';

/**
 * The body-size step: reads the exact raw bytes (any content type) up to the limit (413 PAYLOAD_TOO_LARGE) and keeps
 * them for signature verification; JSON is parsed later, at the validation step.
 */
export function rawBodyMiddleware(limitBytes: number = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  const readRaw = express.raw({ type: () => true, limit: limitBytes });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      setRawBody(res, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      req.body = undefined;
      next();
    });
  };
}
