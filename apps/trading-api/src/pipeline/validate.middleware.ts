import type { RequestHandler } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { API_PREFIX } from '../openapi/operations.js';
import type { RequestValidator } from '../openapi/request-validator.js';
import { bodyErrorOf, rawBodyOf } from '#shared/http/request-body.js';
import { operationOf, setInput } from './request-context.js';

/** An unpaired UTF-16 surrogate: what a `\ud800` escape parses to. It is no Unicode text, and MySQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The JSON body (undefined when empty); 400 VALIDATION_FAILED for another media type, bad JSON or lone surrogates. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType ?? '')) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request bodies must be sent as Content-Type: application/json.',
      extensions: { field: 'body', location: 'header' },
    });
  }
  let wellFormed = true;
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
      if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) wellFormed = false;
      return value;
    });
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request body is not valid JSON.',
      extensions: { field: 'body', location: 'body' },
    });
  }
  if (!wellFormed) {
    throw new AppError('VALIDATION_FAILED', {
      detail:
        'Request body holds a string that is not well-formed Unicode (an unpaired surrogate escape such as \\ud800).',
      extensions: { field: 'body', location: 'body' },
    });
  }
  return body;
}

/** Parses the JSON body and validates path, query, headers and body against the operation (openapi-backend). */
export function validateMiddleware(validator: RequestValidator): RequestHandler {
  return (req, res, next) => {
    const operation = operationOf(res);
    const bodyError = bodyErrorOf(res);
    if (bodyError !== undefined) throw bodyError;
    const body = parseJsonBody(rawBodyOf(res), req.get('content-type'));
    const path = (req.originalUrl.split('?', 1)[0] ?? '').slice(API_PREFIX.length) || '/';
    const input = validator.validate(operation.operationId, {
      method: req.method,
      path,
      url: req.originalUrl,
      // Parsed only when the request is actually validated (not on a remembered one).
      get query() {
        return req.query;
      },
      headers: req.headers,
      body,
    });
    setInput(res, input);
    next();
  };
}
