/*
 * How the edge reads a request body, declared per route: `json` (parsed; 413 / 400 in the app's style), `raw` (the
 * exact bytes of any content type, kept for signature checks and parsed later by the route's validation) or `none`.
 */
import express, { type RequestHandler, type Response } from 'express';

export type BodyKind = 'json' | 'raw' | 'none';

/** The methods whose requests may carry a body. */
export const methodsWithBody: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the raw reader keeps on `res.locals`. */
interface RawBodyLocals {
  rawBody?: Buffer;
  /** Why the body could not be read (an encoding it cannot decode): answered by the route's validation. */
  bodyError?: unknown;
}

const NO_BODY = Buffer.alloc(0);
const rawLocals = (res: Response): RawBodyLocals => res.locals;

export function rawBodyOf(res: Response): Buffer {
  return rawLocals(res).rawBody ?? NO_BODY;
}

export function bodyErrorOf(res: Response): unknown {
  return rawLocals(res).bodyError;
}

export function createJsonBodyReader(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, type: ['application/json', 'application/*+json'] });
}

const isTooLarge = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (('type' in error && error.type === 'entity.too.large') || ('status' in error && error.status === 413));

/**
 * Reads the exact raw bytes (any content type) up to the limit (413 PAYLOAD_TOO_LARGE). A body in a Content-Encoding
 * that cannot be decoded is a validation failure, so it is kept (bodyErrorOf) and answered by the route's validation
 * step (after the key and the rate limiter, with the caller's X-RateLimit-*), not here.
 */
export function createRawBodyReader(limitBytes: number): RequestHandler {
  const readRaw = express.raw({ type: () => true, limit: limitBytes });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error && isTooLarge(error)) {
        next(error);
        return;
      }
      const locals = rawLocals(res);
      if (error) locals.bodyError = error;
      locals.rawBody = !error && Buffer.isBuffer(req.body) ? req.body : NO_BODY;
      req.body = undefined;
      next();
    });
  };
}
